/** The newsletter's words, shared by its pages and their tests. */
import type { MessageId } from '@/api/locale.gen'
import { UNLIMITED } from '@/lib/usage'

export type LinkAction = 'confirm' | 'unsubscribe'

/**
 * The texts of a newsletter link's page, as ids of the reader's texts (the page is in its blog's language).
 * `done` names the blog ({blog}).
 */
export const LINK_TEXTS = {
  confirm: {
    title: 'confirmAsk',
    ask: 'confirmAsk',
    askNote: 'confirmAskNote',
    button: 'confirmButton',
    busy: 'confirmBusy',
    done: 'confirmDone',
    failed: 'confirmFailed',
  },
  unsubscribe: {
    title: 'unsubscribeTitle',
    ask: 'unsubscribeAsk',
    askNote: 'unsubscribeAskNote',
    button: 'unsubscribeButton',
    busy: 'unsubscribeBusy',
    done: 'unsubscribeDone',
    failed: 'unsubscribeFailed',
  },
} as const satisfies Record<LinkAction, Record<string, MessageId>>


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
