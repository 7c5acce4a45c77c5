/** What the desk says and offers about a post's e-mail besides the checkbox: the outlook, send now, a test. */
import type { NewsletterOutlook, Post, PostStatus } from '@/api/types'
import { countOf } from '@/lib/plural'

/** 'Will be sent to 12 subscribers', or 'Not sent: {why}' (the server's words). */
export function outlookText(o: NewsletterOutlook): string {
  return o.reason ? `Not sent: ${o.note ?? ''}` : `Will be sent to ${countOf(o.recipients, 'subscriber')}`
}

type NewsletterState = Pick<Post, 'newsletter' | 'newsletterDelivery'> | null

/**
 * Whether the desk says what publishing will do: before the post goes live while its box is ticked,
 * and once live while its e-mail waits to go (the rules may still stop it: say so at once).
 */
export function showsOutlook(post: NewsletterState, status: PostStatus, sendNewsletter: boolean): boolean {
  const state = post?.newsletter
  if (state === 'sent' || state === 'skipped' || state === 'none') return false
  return status === 'published' ? state === 'pending' : sendNewsletter
}

/** Copies of a sent post held while the blog's sending was paused (0: none). */
export function heldCopies(post: NewsletterState): number {
  return post?.newsletter === 'sent' ? (post.newsletterDelivery?.held ?? 0) : 0
}

/**
 * A live post that was not e-mailed (left out, or skipped) can be sent now, once; so can the copies of
 * a sent post held while the blog's sending was paused, once the pause is over.
 */
export function canSendNow(post: NewsletterState, status: PostStatus): boolean {
  if (status !== 'published') return false
  if (heldCopies(post) > 0) return !post?.newsletterDelivery?.paused
  return post?.newsletter === 'off' || post?.newsletter === 'skipped'
}

export const SEND_NOW = 'Send to subscribers now'
export const SEND_TEST = 'Send me a test'
export const TEST_UNVERIFIED = 'Confirm your e-mail address first: test e-mails go to it.'
