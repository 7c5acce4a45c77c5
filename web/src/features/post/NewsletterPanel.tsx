import { Link } from 'react-router'
import { MailCheck, MailX, Send } from 'lucide-react'
import { Checkbox } from '@/components/ui/checkbox'
import { BLOG_NEWSLETTER_OFF, SEND_CHECKBOX } from '@/features/newsletter/texts'
import { newsletterLine } from './newsletter'
import { NewsletterDesk } from './NewsletterDesk'
import { Panel } from './Panel'
import type { PostDesk } from './usePostDesk'

/**
 * Newsletter: until the post goes live, whether it is e-mailed to the blog's subscribers then (saved
 * like any field: a draft by itself, a scheduled post on Update); once live, what became of the
 * e-mail. Nothing for posts published before newsletters existed.
 */
export function NewsletterPanel({ desk, blogEnabled }: { desk: PostDesk; blogEnabled?: boolean }) {
  const { post, status } = desk
  const line = newsletterLine(post, status)
  if (line === null) return null
  if (line.kind !== 'choose') {
    const Icon = line.kind === 'sent' ? MailCheck : line.kind === 'pending' || line.kind === 'queued' ? Send : MailX
    return (
      <Panel id="newsletter" title="Newsletter">
        <p role="status" className="flex items-start gap-2 text-sm text-slate-700">
          <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="min-w-0 break-words">{line.text}</span>
        </p>
        <NewsletterDesk desk={desk} />
      </Panel>
    )
  }
  return (
    <Panel id="newsletter" title="Newsletter">
      <label className="flex items-start gap-2.5 text-sm text-slate-800">
        <Checkbox
          className="mt-0.5"
          checked={desk.draft.sendNewsletter}
          onChange={(e) => desk.edit({ sendNewsletter: e.target.checked })}
          aria-describedby={blogEnabled === false ? 'newsletter-off-hint' : undefined}
        />
        <span>{SEND_CHECKBOX}</span>
      </label>
      {blogEnabled === false && (
        <p id="newsletter-off-hint" className="text-xs text-slate-500">
          {BLOG_NEWSLETTER_OFF}{' '}
          <Link to="/dashboard/settings" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Turn it on in Settings
          </Link>
        </p>
      )}
      <NewsletterDesk desk={desk} />
    </Panel>
  )
}
