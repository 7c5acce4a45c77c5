import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { HandHeart } from 'lucide-react'
import { errorMessage } from '@/api/client'
import { getWelcomeEmail, newsletterDeskKeys, saveWelcomeEmail } from '@/api/newsletterDesk'
import type { WelcomeEmail, WelcomeEmailResponse } from '@/api/types'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { QueryState } from '@/components/ui/query-state'
import { Spinner } from '@/components/ui/spinner'
import { SwitchField } from '@/components/ui/switch-field'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/lib/toast'
import { WELCOME_HINT, WELCOME_SWITCH, WELCOME_SWITCH_HINT } from './texts'

/**
 * The optional welcome e-mail to each new confirmed subscriber: off by default, its subject and
 * text editable ({blog} stands for the blog's name); saved with its button, the server checks it.
 */
export function WelcomeEmailSettings() {
  const query = useQuery({ queryKey: newsletterDeskKeys.welcome, queryFn: getWelcomeEmail })
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HandHeart className="size-5 text-slate-500" aria-hidden="true" />
          Welcome e-mail
        </CardTitle>
        <CardDescription>{WELCOME_HINT}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={query}>{(data) => <WelcomeForm key={JSON.stringify(data.welcome)} data={data} />}</QueryState>
      </CardContent>
    </Card>
  )
}

function WelcomeForm({ data }: { data: WelcomeEmailResponse }) {
  const queryClient = useQueryClient()
  const [form, setForm] = useState<WelcomeEmail>(data.welcome)
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: saveWelcomeEmail,
    onSuccess: (res) => {
      queryClient.setQueryData(newsletterDeskKeys.welcome, res)
      toast.success('Settings saved', { description: res.welcome.enabled ? 'New subscribers get your welcome e-mail.' : 'New subscribers get no welcome e-mail.' })
    },
    onError: (err) => {
      setError(errorMessage(err))
      toast.error('Error saving settings', { description: errorMessage(err) })
    },
  })
  const edit = (patch: Partial<WelcomeEmail>) => {
    setForm((f) => ({ ...f, ...patch }))
    setError(null)
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate(form)
  }
  const changed = JSON.stringify(form) !== JSON.stringify(data.welcome)
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <SwitchField id="welcome-enabled" label={WELCOME_SWITCH} hint={WELCOME_SWITCH_HINT} checked={form.enabled} onCheckedChange={(on) => edit({ enabled: on })} />
      <Field id="welcome-subject" label="Subject">
        {(aria) => <Input {...aria} value={form.subject} maxLength={data.maxSubject} onChange={(e) => edit({ subject: e.target.value })} />}
      </Field>
      <Field id="welcome-body" label="Text" hint="A blank line starts a new paragraph." error={error}>
        {(aria) => <Textarea {...aria} rows={6} value={form.body} maxLength={data.maxBody} onChange={(e) => edit({ body: e.target.value })} />}
      </Field>
      <div>
        <Button type="submit" disabled={!changed || save.isPending}>
          {save.isPending && <Spinner />}
          Save welcome e-mail
        </Button>
      </div>
    </form>
  )
}
