import { describe, expect, it } from 'vitest'
import type { Post, PostStatus } from '@/api/types'
import { newsletterLine } from './newsletter'

type State = Pick<Post, 'newsletter' | 'newsletterNote' | 'newsletterRecipients'>

describe('newsletterLine', () => {
  it.each<[string, State | null, PostStatus, ReturnType<typeof newsletterLine>]>([
    ['a new post', null, 'draft', { kind: 'choose' }],
    ['a draft to send', { newsletter: 'pending' }, 'draft', { kind: 'choose' }],
    ['a scheduled post its owner left out', { newsletter: 'off' }, 'scheduled', { kind: 'choose' }],
    ['a sent post', { newsletter: 'sent', newsletterRecipients: 12 }, 'published', { kind: 'sent', text: 'Sent to 12 subscribers' }],
    ['a post sent to one', { newsletter: 'sent', newsletterRecipients: 1 }, 'published', { kind: 'sent', text: 'Sent to 1 subscriber' }],
    ['a sent post taken back to draft', { newsletter: 'sent', newsletterRecipients: 3 }, 'draft', { kind: 'sent', text: 'Sent to 3 subscribers' }],
    ['a skipped post', { newsletter: 'skipped', newsletterNote: 'no confirmed subscribers' }, 'published', { kind: 'skipped', text: 'Not sent: no confirmed subscribers' }],
    ['a live post its owner left out', { newsletter: 'off' }, 'published', { kind: 'off', text: "Won't be e-mailed" }],
    ['a live post being sent', { newsletter: 'pending' }, 'published', { kind: 'pending', text: 'Being sent to your subscribers' }],
    ['a post from before newsletters', { newsletter: 'none' }, 'published', null],
  ])('%s', (_, state, status, want) => {
    expect(newsletterLine(state, status)).toEqual(want)
  })
})
