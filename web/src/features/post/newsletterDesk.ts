/** What the desk says and offers about a post's e-mail besides the checkbox: the outlook, send now, a test. */
import type { NewsletterOutlook, Post, PostStatus } from '@/api/types'
import { countOf } from '@/lib/plural'

/** 'Will be sent to 12 subscribers', or 'Not sent: {why}' (the server's words). */
export function outlookText(o: NewsletterOutlook): string {
  return o.reason ? `Not sent: ${o.note ?? ''}` : `Will be sent to ${countOf(o.recipients, 'subscriber')}`
}

type NewsletterState = Pick<Post, 'newsletter'> | null

/**
 * Whether the desk says what publishing will do: before the post goes live while its box is ticked,
 * and once live while its e-mail waits to go (the rules may still stop it: say so at once).
 */
export function showsOutlook(post: NewsletterState, status: PostStatus, sendNewsletter: boolean): boolean {
  const state = post?.newsletter
  if (state === 'sent' || state === 'skipped' || state === 'none') return false
  return status === 'published' ? state === 'pending' : sendNewsletter
}

/** A live post that was not e-mailed (left out, or skipped) can be sent now, once. */
export function canSendNow(post: NewsletterState, status: PostStatus): boolean {
  return status === 'published' && (post?.newsletter === 'off' || post?.newsletter === 'skipped')
}

export const SEND_NOW = 'Send to subscribers now'
export const SEND_TEST = 'Send me a test'
export const TEST_UNVERIFIED = 'Confirm your e-mail address first: test e-mails go to it.'
