/** What the post desk says of a post's e-mail to the blog's subscribers. */
import type { Post, PostStatus } from '@/api/types'
import { countOf } from '@/lib/plural'

export type NewsletterLine =
  | { kind: 'choose' }
  | { kind: 'sent' | 'queued' | 'skipped' | 'off' | 'pending'; text: string }

type PostMail = Pick<Post, 'newsletter' | 'newsletterNote' | 'newsletterRecipients' | 'newsletterDelivery'>

/**
 * Copies held while the blog's sending was paused: '{n} held: sending is paused', or, once it is over,
 * '{n} held: sending was paused' (they go only when the owner sends the post now).
 */
function heldText(held: number, paused: boolean): string {
  return `${held} held: sending ${paused ? 'is' : 'was'} paused`
}

/**
 * A sent post's e-mails: 'Queued for {n} subscribers ({k} sent so far)' until none waits, then 'Sent to
 * {n} subscribers' and what was refused, and what was held while sending was paused.
 */
function sentLine(post: PostMail): NewsletterLine {
  const d = post.newsletterDelivery
  if (!d) return { kind: 'sent', text: `Sent to ${countOf(post.newsletterRecipients ?? 0, 'subscriber')}` }
  const held = d.held > 0 ? heldText(d.held, d.paused) : ''
  if (d.queued > 0) {
    const all = d.queued + d.sent + d.failed + d.bounced + d.held
    const so = [d.sent > 0 ? `${d.sent} sent so far` : '', held].filter(Boolean).join('; ')
    return { kind: 'queued', text: `Queued for ${countOf(all, 'subscriber')}${so ? ` (${so})` : ''}` }
  }
  const refused = [d.failed > 0 ? `${d.failed} failed` : '', d.bounced > 0 ? `${d.bounced} bounced` : ''].filter(Boolean).join(', ')
  return {
    kind: held ? 'skipped' : 'sent',
    text: `Sent to ${countOf(d.sent, 'subscriber')}${refused ? ` (${refused})` : ''}${held ? `; ${held}` : ''}`,
  }
}

/**
 * 'choose' (the checkbox) until the post is live or its e-mail is settled; then the line: 'Queued for
 * {n} subscribers' until its e-mails have left, 'Sent to {n} subscribers' (with how many failed or
 * bounced, and '; {n} held: sending is paused'), 'Not sent: {note}', "Won't be e-mailed" (its owner said no), 'Being sent to your
 * subscribers' (a live post whose e-mail is under way); null for a post published before newsletters
 * existed (none).
 */
export function newsletterLine(post: PostMail | null, status: PostStatus): NewsletterLine | null {
  const state = post?.newsletter
  if (post && state === 'sent') return sentLine(post)
  if (state === 'skipped') return { kind: 'skipped', text: post?.newsletterNote ? `Not sent: ${post.newsletterNote}` : 'Not sent' }
  if (state === 'none') return null
  if (status !== 'published') return { kind: 'choose' }
  if (state === 'off') return { kind: 'off', text: "Won't be e-mailed" }
  if (state === 'pending') return { kind: 'pending', text: 'Being sent to your subscribers' }
  return null
}

/**
 * Whether a post's e-mail is still under way (being settled after publishing, or its copies queued): the desk
 * asks for the post again until it is not, so "Being sent" and "Queued for" turn into what happened.
 */
export function mailUnderWay(post: (PostMail & Pick<Post, 'status'>) | null | undefined): boolean {
  if (!post || post.status !== 'published') return false
  return post.newsletter === 'pending' || (post.newsletter === 'sent' && (post.newsletterDelivery?.queued ?? 0) > 0)
}
