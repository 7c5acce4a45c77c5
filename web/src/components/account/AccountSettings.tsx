import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AtSign } from 'lucide-react'
import { toast } from '@/lib/toast'
import { accountKey, changeEmail, getAccount } from '@/api/account'
import { errorMessage } from '@/api/client'
import { PasswordInput } from '@/components/auth/PasswordInput'
import { validateEmail } from '@/components/auth/validation'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'

interface Values {
  email: string
  password: string
}

/** Settings' "Account" section: the sign-in address, its state, and changing it (confirmed from the new address). */
export function AccountSettings() {
  const query = useQuery({ queryKey: accountKey, queryFn: getAccount })
  const queryClient = useQueryClient()
  const [values, setValues] = useState<Values>({ email: '', password: '' })
  const [errors, setErrors] = useState<Partial<Values>>({})
  const mutation = useMutation({
    mutationFn: (v: Values) => changeEmail(v.email.trim(), v.password),
    onSuccess: (acct) => {
      queryClient.setQueryData(accountKey, acct)
      setValues({ email: '', password: '' })
      toast.success('Check your new inbox', { description: `We sent a confirmation link to ${acct.pendingEmail ?? 'the new address'}.` })
    },
    onError: (err) => toast.error('Could not change your e-mail address', { description: errorMessage(err) }),
  })
  const acct = query.data

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const errs: Partial<Values> = {}
    const email = validateEmail(values.email)
    if (email) errs.email = email
    if (!values.password) errs.password = 'Your current password is required'
    setErrors(errs)
    if (Object.keys(errs).length === 0) mutation.mutate(values)
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle id="account-title" className="flex items-center gap-2">
          <AtSign className="size-5 text-slate-500" aria-hidden="true" />
          Account
        </CardTitle>
        <CardDescription>The e-mail address you sign in with and receive account e-mails at.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {query.isPending ? (
          <Skeleton className="h-10 w-full rounded-xl" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-red-600">
            Could not load your account: {errorMessage(query.error)}
          </p>
        ) : acct ? (
          <div className="grid gap-2 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">{acct.email}</span>
              <Badge variant={acct.verified ? 'success' : 'secondary'}>{acct.verified ? 'Verified' : 'Not verified'}</Badge>
            </p>
            {acct.pendingEmail && (
              <p className="text-slate-600">
                Waiting for confirmation: <span className="font-medium text-slate-900">{acct.pendingEmail}</span>. Open the link we
                sent there to switch.
              </p>
            )}
          </div>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:max-w-md">
          <Field id="account-email" label="New e-mail address" error={errors.email}>
            {(aria) => (
              <Input
                {...aria}
                type="email"
                name="email"
                autoComplete="email"
                value={values.email}
                onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
                disabled={mutation.isPending}
              />
            )}
          </Field>
          <Field id="account-password" label="Current password" error={errors.password}>
            {(aria) => (
              <PasswordInput
                {...aria}
                name="current-password"
                autoComplete="current-password"
                value={values.password}
                onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
                disabled={mutation.isPending}
              />
            )}
          </Field>
          <div>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Sending...' : 'Change e-mail address'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
