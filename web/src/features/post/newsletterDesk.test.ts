import { describe, expect, it } from 'vitest'
import type { NewsletterOutlook, Post, PostStatus } from '@/api/types'
import { canSendNow, outlookText, showsOutlook } from './newsletterDesk'

describe('outlookText', () => {
  it.each<[NewsletterOutlook, string]>([
    [{ recipients: 12 }, 'Will be sent to 12 subscribers'],
    [{ recipients: 1 }, 'Will be sent to 1 subscriber'],
    [{ recipients: 0, reason: 'unverified', note: 'confirm your e-mail address first' }, 'Not sent: confirm your e-mail address first'],
    [{ recipients: 0, reason: 'limit', note: "this month's e-mails are used up" }, "Not sent: this month's e-mails are used up"],
  ])('%o', (o, want) => {
    expect(outlookText(o)).toBe(want)
  })
})

type State = Pick<Post, 'newsletter' | 'newsletterDelivery'> | null

const held = (paused: boolean) => ({ queued: 0, sent: 40, failed: 0, bounced: 0, held: 60, paused })

describe('showsOutlook and canSendNow', () => {
  it.each<[string, State, PostStatus, boolean, boolean, boolean]>([
    ['a new post, ticked', null, 'draft', true, true, false],
    ['a new post, unticked', null, 'draft', false, false, false],
    ['a scheduled post, ticked', { newsletter: 'pending' }, 'scheduled', true, true, false],
    ['a live post waiting to go', { newsletter: 'pending' }, 'published', true, true, false],
    ['a live post left out', { newsletter: 'off' }, 'published', false, false, true],
    ['a live post skipped', { newsletter: 'skipped' }, 'published', true, false, true],
    ['a sent post', { newsletter: 'sent' }, 'published', true, false, false],
    ['a sent post with copies held, still paused', { newsletter: 'sent', newsletterDelivery: held(true) }, 'published', true, false, false],
    ['a sent post with copies held, pause over', { newsletter: 'sent', newsletterDelivery: held(false) }, 'published', true, false, true],
    ['a sent post taken back to draft', { newsletter: 'sent' }, 'draft', true, false, false],
    ['a post from before newsletters', { newsletter: 'none' }, 'published', true, false, false],
    ['a draft left out', { newsletter: 'off' }, 'draft', false, false, false],
  ])('%s', (_, post, status, ticked, outlook, sendNow) => {
    expect(showsOutlook(post, status, ticked)).toBe(outlook)
    expect(canSendNow(post, status)).toBe(sendNow)
  })
})
