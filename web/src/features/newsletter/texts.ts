/** The newsletter's words, shared by its pages and their tests. */
import type { SubscriptionResponse } from '@/api/types'

export type LinkAction = 'confirm' | 'unsubscribe'

/** What the server says of a link it does not know (and what is shown for a link without a token). */
export const INVALID_LINK = 'This link is invalid or has expired.'

export const LINK_TEXTS = {
  confirm: {
    title: 'Confirm subscription',
    busy: 'Confirming your subscription...',
    done: (r: SubscriptionResponse) => `You're subscribed to ${r.blog}`,
    failed: "We couldn't confirm your subscription",
  },
  unsubscribe: {
    title: 'Unsubscribe',
    busy: 'Unsubscribing...',
    done: (r: SubscriptionResponse) => `You've been unsubscribed from ${r.blog}`,
    failed: "We couldn't unsubscribe you",
  },
} as const

export const UNSUBSCRIBED_NOTE = "You won't get any more e-mails from this list."
export const RESUBSCRIBE_HINT = "Changed your mind? Subscribe again with the form below: we'll send you a new confirmation e-mail first."

