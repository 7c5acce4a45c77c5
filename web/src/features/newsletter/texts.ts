/** The newsletter's words, shared by its pages and their tests. */
import type { SubscriptionResponse } from '@/api/types'
import { UNLIMITED } from '@/lib/usage'

export type LinkAction = 'confirm' | 'unsubscribe'

/** What the server says of a link it does not know (and what is shown for a link without a token). */
export const INVALID_LINK = 'This link is invalid or has expired.'

export const LINK_TEXTS = {
  confirm: {
    ask: 'Confirm your subscription',
    askNote: 'Press the button to start getting new posts by e-mail.',
    button: 'Confirm my subscription',
    busy: 'Confirming your subscription...',
    done: (r: SubscriptionResponse) => `You're subscribed to ${r.blog}`,
    failed: "We couldn't confirm your subscription",
  },
  unsubscribe: {
    ask: 'Unsubscribe from this newsletter',
    askNote: 'Press the button to stop getting new posts by e-mail.',
    button: 'Unsubscribe',
    busy: 'Unsubscribing...',
    done: (r: SubscriptionResponse) => `You've been unsubscribed from ${r.blog}`,
    failed: "We couldn't unsubscribe you",
  },
} as const

export const UNSUBSCRIBED_NOTE = "You won't get any more e-mails from this list."
export const RESUBSCRIBE_HINT = "Changed your mind? Subscribe again with the form below: we'll send you a new confirmation e-mail first."


// ---- The owner's side: settings, dashboard, post desk ----

/** What an owner reads when the server sends no e-mail (the operator's detail is for admins: SENDING_OFF_ADMIN). */
export const SENDING_OFF = 'E-mail is not set up on this server yet: your admin has been told. Until then your subscribers get no e-mails.'
export const SENDING_OFF_ADMIN =
  "E-mail sending is off: this server has no SMTP server (INKPRESS_SMTP_URL), so messages are written to the outbox folder in its data directory."
export const UNVERIFIED =
  'Newsletters wait until your e-mail address is verified: open the link we sent you. Posts published before then are not e-mailed.'

/** 'Newsletter e-mails this month: {sent} of {limit}' ('{sent} (unlimited)' without a cap). */
export function emailsThisMonth(sent: number, limit: number, unlimited = false): string {
  return unlimited || limit >= UNLIMITED ? `Newsletter e-mails this month: ${sent} (unlimited)` : `Newsletter e-mails this month: ${sent} of ${limit}`
}

export const NEWSLETTER_SWITCH = 'E-mail new posts to subscribers'
export const NEWSLETTER_SWITCH_HINT = 'When a post is published, your confirmed subscribers get it once. You can leave one post out in the editor.'
export const CONTENT_OPTIONS = [
  { value: 'excerpt', label: 'Send the excerpt', hint: 'A short summary with a link to read the post on your blog.' },
  { value: 'full', label: 'Send the full post', hint: 'The whole post in the e-mail, with a link to your blog.' },
] as const

export const REPLY_TO_LABEL = 'Reply address'
export const REPLY_TO_HINT = "Where readers' replies to your newsletter go. Leave it empty to use your account's e-mail address."

/** The post desk's checkbox and the line after sending. */
export const SEND_CHECKBOX = "E-mail this post to subscribers when it's published"
export const BLOG_NEWSLETTER_OFF = 'E-mailing new posts is off for this blog.'

/** The welcome e-mail's settings. */
export const WELCOME_HINT = 'Greet each new subscriber once they confirm. Counted in your e-mails of the month.'
export const WELCOME_SWITCH = 'Send a welcome e-mail to new subscribers'
export const WELCOME_SWITCH_HINT = '{blog} in the subject or text becomes your blog’s name.'
