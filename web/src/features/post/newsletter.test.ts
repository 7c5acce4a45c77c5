import { describe, expect, it } from 'vitest'
import type { Post, PostStatus } from '@/api/types'
import { mailUnderWay, newsletterLine } from './newsletter'

type State = Pick<Post, 'newsletter' | 'newsletterNote' | 'newsletterRecipients' | 'newsletterDelivery'>

describe('newsletterLine', () => {
  it.each<[string, State | null, PostStatus, ReturnType<typeof newsletterLine>]>([
    ['a new post', null, 'draft', { kind: 'choose' }],
    ['a draft to send', { newsletter: 'pending' }, 'draft', { kind: 'choose' }],
    ['a scheduled post its owner left out', { newsletter: 'off' }, 'scheduled', { kind: 'choose' }],
    ['a sent post', { newsletter: 'sent', newsletterRecipients: 12 }, 'published', { kind: 'sent', text: 'Sent to 12 subscribers' }],
    ['a sent post whose e-mails wait', { newsletter: 'sent', newsletterRecipients: 12, newsletterDelivery: { queued: 12, sent: 0, failed: 0, bounced: 0, held: 0, paused: false } }, 'published', { kind: 'queued', text: 'Queued for 12 subscribers' }],
    ['a sent post half delivered', { newsletter: 'sent', newsletterRecipients: 12, newsletterDelivery: { queued: 7, sent: 5, failed: 0, bounced: 0, held: 0, paused: false } }, 'published', { kind: 'queued', text: 'Queued for 12 subscribers (5 sent so far)' }],
    ['a sent post delivered', { newsletter: 'sent', newsletterRecipients: 12, newsletterDelivery: { queued: 0, sent: 12, failed: 0, bounced: 0, held: 0, paused: false } }, 'published', { kind: 'sent', text: 'Sent to 12 subscribers' }],
    ['a sent post with refusals', { newsletter: 'sent', newsletterRecipients: 12, newsletterDelivery: { queued: 0, sent: 9, failed: 1, bounced: 2, held: 0, paused: false } }, 'published', { kind: 'sent', text: 'Sent to 9 subscribers (1 failed, 2 bounced)' }],
    ['a sent post with bounces only', { newsletter: 'sent', newsletterRecipients: 2, newsletterDelivery: { queued: 0, sent: 1, failed: 0, bounced: 1, held: 0, paused: false } }, 'published', { kind: 'sent', text: 'Sent to 1 subscriber (1 bounced)' }],
    ['a sent post held while paused', { newsletter: 'sent', newsletterRecipients: 100, newsletterDelivery: { queued: 0, sent: 40, failed: 0, bounced: 0, held: 60, paused: true } }, 'published', { kind: 'skipped', text: 'Sent to 40 subscribers; 60 held: sending is paused' }],
    ['a sent post held, with refusals', { newsletter: 'sent', newsletterRecipients: 100, newsletterDelivery: { queued: 0, sent: 37, failed: 1, bounced: 2, held: 60, paused: true } }, 'published', { kind: 'skipped', text: 'Sent to 37 subscribers (1 failed, 2 bounced); 60 held: sending is paused' }],
    ['held copies after the pause', { newsletter: 'sent', newsletterRecipients: 100, newsletterDelivery: { queued: 0, sent: 40, failed: 0, bounced: 0, held: 60, paused: false } }, 'published', { kind: 'skipped', text: 'Sent to 40 subscribers; 60 held: sending was paused' }],
    ['a sent post partly held while others wait', { newsletter: 'sent', newsletterRecipients: 100, newsletterDelivery: { queued: 5, sent: 35, failed: 0, bounced: 0, held: 60, paused: true } }, 'published', { kind: 'queued', text: 'Queued for 100 subscribers (35 sent so far; 60 held: sending is paused)' }],
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

describe('mailUnderWay', () => {
  const delivery = (queued: number) => ({ queued, sent: 2, failed: 0, bounced: 0, held: 0, paused: false })
  it.each<[string, (State & Pick<Post, 'status'>) | null, boolean]>([
    ['no post', null, false],
    ['a draft to send', { status: 'draft', newsletter: 'pending' }, false],
    ['a live post being settled', { status: 'published', newsletter: 'pending' }, true],
    ['copies still queued', { status: 'published', newsletter: 'sent', newsletterDelivery: delivery(3) }, true],
    ['every copy gone', { status: 'published', newsletter: 'sent', newsletterDelivery: delivery(0) }, false],
    ['not sent', { status: 'published', newsletter: 'skipped', newsletterNote: 'x' }, false],
  ])('%s: %s', (_, post, want) => {
    expect(mailUnderWay(post)).toBe(want)
  })
})
