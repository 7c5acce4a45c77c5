import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Mail, Users } from 'lucide-react'
import { toast } from '@/lib/toast'
import { errorMessage } from '@/api/client'
import { updateSettings } from '@/api/endpoints'
import { qk } from '@/api/queryKeys'
import type { SettingsInput, WorkspaceResponse } from '@/api/types'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Segmented } from '@/components/ui/segmented'
import { SwitchField } from '@/components/ui/switch-field'
import { MailNotice } from './MailNotice'
import { CONTENT_OPTIONS, NEWSLETTER_SWITCH, NEWSLETTER_SWITCH_HINT, REPLY_TO_HINT, REPLY_TO_LABEL, emailsThisMonth } from './texts'

type Choice = Pick<SettingsInput, 'newsletterEnabled' | 'newsletterFullText' | 'replyTo'>

/**
 * Settings' "Newsletter" section: whether new posts are e-mailed to the blog's confirmed subscribers,
 * the excerpt or the whole post, where readers' replies go, the month's e-mails against the plan, and
 * what keeps mail from leaving (no SMTP server, an unverified address). Each choice is saved as it is
 * made; the reply address with its own button.
 */
export function NewsletterSettings({ data, subscribersPath }: { data: WorkspaceResponse; subscribersPath: string }) {
  const queryClient = useQueryClient()
  const { settings, mail } = data
  const save = useMutation({
    // The form's required fields go with the choice, unchanged: only the choice changes.
    mutationFn: (choice: Choice) =>
      updateSettings({
        blogTitle: settings.blogTitle,
        blogDescription: settings.blogDescription,
        primaryColor: settings.primaryColor,
        fontFamily: settings.fontFamily,
        ...choice,
      }),
    onSuccess: (res) => {
      toast.success('Settings saved', { description: 'Your newsletter settings have been updated.' })
      queryClient.setQueryData(qk.workspace, (old: unknown) => (old && typeof old === 'object' ? { ...(old as object), settings: res.settings } : old))
      void queryClient.invalidateQueries({ queryKey: qk.workspace, exact: true })
    },
    onError: (err) => toast.error('Error saving settings', { description: errorMessage(err) }),
  })
  // While a choice is being saved it shows as made; then as the server saved it.
  const pending = save.isPending ? save.variables : undefined
  const saved = save.data?.settings ?? settings
  const enabled = pending?.newsletterEnabled ?? saved.newsletterEnabled
  const fullText = pending?.newsletterFullText ?? saved.newsletterFullText
  const unlimited = Boolean(data.usage.unlimited)
  const [replyTo, setReplyTo] = useState(settings.replyTo ?? '')
  const replyError = save.isError && save.variables?.replyTo !== undefined ? errorMessage(save.error) : null
  const saveReplyTo = (e: FormEvent) => {
    e.preventDefault()
    if (!save.isPending) save.mutate({ replyTo: replyTo.trim() })
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle id="newsletter-title" className="flex items-center gap-2">
            <Mail className="size-5 text-slate-500" aria-hidden="true" />
            Newsletter
          </CardTitle>
          <CardDescription>E-mail your new posts to the readers who subscribed on your blog.</CardDescription>
        </div>
        <Button asChild variant="outline">
          <Link to={subscribersPath}>
            <Users aria-hidden="true" /> Subscribers
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-5">
        <MailNotice mail={mail} verified />
        <SwitchField
          id="newsletter-enabled"
          label={NEWSLETTER_SWITCH}
          hint={NEWSLETTER_SWITCH_HINT}
          checked={enabled}
          onCheckedChange={(on) => !save.isPending && save.mutate({ newsletterEnabled: on })}
        />
        <Segmented
          name="newsletter-content"
          legend="What the e-mail holds"
          value={fullText ? 'full' : 'excerpt'}
          options={CONTENT_OPTIONS}
          onChange={(v) => !save.isPending && save.mutate({ newsletterFullText: v === 'full' })}
          className="sm:grid-cols-2"
        />
        <form onSubmit={saveReplyTo} noValidate className="flex flex-wrap items-end gap-3">
          <Field id="newsletter-reply-to" label={REPLY_TO_LABEL} hint={REPLY_TO_HINT} error={replyError} className="min-w-64 flex-1">
            {(aria) => (
              <Input
                {...aria}
                type="email"
                autoComplete="email"
                placeholder="Your account's e-mail address"
                value={replyTo}
                onChange={(e) => setReplyTo(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" variant="outline" disabled={save.isPending || replyTo.trim() === (saved.replyTo ?? '')}>
            Save reply address
          </Button>
        </form>
        {mail && <p className="text-sm text-slate-600 tabular-nums">{emailsThisMonth(mail.emailsSent, mail.emailsLimit, unlimited)}</p>}
      </CardContent>
    </Card>
  )
}
