/** What the post desk says of a post's e-mail to the blog's subscribers. */
import type { Post, PostStatus } from '@/api/types'
import { countOf } from '@/lib/plural'

export type NewsletterLine =
  | { kind: 'choose' }
  | { kind: 'sent' | 'skipped' | 'off' | 'pending'; text: string }

/**
 * 'choose' (the checkbox) until the post is live or its e-mail is settled; then the line: 'Sent to
 * {n} subscribers', 'Not sent: {note}', "Won't be e-mailed" (its owner said no), 'Being sent to your
 * subscribers' (a live post whose e-mail is under way); null for a post published before newsletters
 * existed (none).
 */
export function newsletterLine(post: Pick<Post, 'newsletter' | 'newsletterNote' | 'newsletterRecipients'> | null, status: PostStatus): NewsletterLine | null {
  const state = post?.newsletter
  if (state === 'sent') return { kind: 'sent', text: `Sent to ${countOf(post?.newsletterRecipients ?? 0, 'subscriber')}` }
  if (state === 'skipped') return { kind: 'skipped', text: post?.newsletterNote ? `Not sent: ${post.newsletterNote}` : 'Not sent' }
  if (state === 'none') return null
  if (status !== 'published') return { kind: 'choose' }
  if (state === 'off') return { kind: 'off', text: "Won't be e-mailed" }
  if (state === 'pending') return { kind: 'pending', text: 'Being sent to your subscribers' }
  return null
}
