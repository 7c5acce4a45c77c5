import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { toast } from '@/lib/toast'
import { changePassword } from '@/api/account'
import { errorMessage } from '@/api/client'
import { PasswordInput } from '@/components/auth/PasswordInput'
import { MIN_PASSWORD, validatePasswordChange, type PasswordChangeValues } from '@/components/auth/validation'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'

type Values = PasswordChangeValues

const empty: Values = { current: '', password: '', confirm: '' }

/** Settings' "Password" section: a new password, proved by the current one; other devices are signed out. */
export function PasswordSettings() {
  const [values, setValues] = useState<Values>(empty)
  const [errors, setErrors] = useState<Partial<Values>>({})
  const mutation = useMutation({
    mutationFn: (v: Values) => changePassword(v.current, v.password),
    onSuccess: () => {
      setValues(empty)
      toast.success('Password changed', { description: 'Every other device signed in to your account was signed out.' })
    },
    onError: (err) => toast.error('Could not change your password', { description: errorMessage(err) }),
  })

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const errs = validatePasswordChange(values)
    setErrors(errs)
    if (Object.keys(errs).length === 0) mutation.mutate(values)
  }
  const set = (k: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }))

  return (
    <Card>
      <CardHeader>
        <CardTitle id="password-title" className="flex items-center gap-2">
          <KeyRound className="size-5 text-slate-500" aria-hidden="true" />
          Password
        </CardTitle>
        <CardDescription>Changing it keeps you signed in here and signs out every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:max-w-md" aria-labelledby="password-title">
          <Field id="password-current" label="Current password" error={errors.current}>
            {(aria) => (
              <PasswordInput {...aria} name="current-password" autoComplete="current-password" value={values.current}
                onChange={set('current')} disabled={mutation.isPending} />
            )}
          </Field>
          <Field id="password-new" label="New password" error={errors.password} hint={`At least ${MIN_PASSWORD} characters.`}>
            {(aria) => (
              <PasswordInput {...aria} name="new-password" autoComplete="new-password" value={values.password}
                onChange={set('password')} disabled={mutation.isPending} />
            )}
          </Field>
          <Field id="password-confirm" label="Repeat the new password" error={errors.confirm}>
            {(aria) => (
              <PasswordInput {...aria} name="confirm-password" autoComplete="new-password" value={values.confirm}
                onChange={set('confirm')} disabled={mutation.isPending} />
            )}
          </Field>
          <div>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
