import { useState, type FormEvent } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { resetPassword } from '@/api/account'
import { errorMessage, isApiError } from '@/api/client'
import { AuthCard } from '@/components/auth/AuthCard'
import { PasswordInput } from '@/components/auth/PasswordInput'
import { MIN_PASSWORD } from '@/components/auth/validation'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { usePageMeta } from '@/hooks/usePageMeta'
import { SIGNED_OUT } from '@/hooks/useMe'
import { qk } from '@/api/queryKeys'

interface Values {
  password: string
  confirm: string
}

function validate(v: Values): Partial<Values> {
  const e: Partial<Values> = {}
  if (!v.password) e.password = 'Password is required'
  else if (v.password.length < MIN_PASSWORD) e.password = `Password must be at least ${MIN_PASSWORD} characters`
  if (v.confirm !== v.password) e.confirm = 'The passwords do not match'
  return e
}

/** /reset-password?token=: choose a new password with the e-mailed link; every session ends. */
export function ResetPassword() {
  usePageMeta('Choose a new password')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [values, setValues] = useState<Values>({ password: '', confirm: '' })
  const [errors, setErrors] = useState<Partial<Values>>({})
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: (v: Values) => resetPassword(token, v.password),
    onSuccess: () => {
      // The reset ended every session, this browser's too.
      queryClient.setQueryData(qk.me, SIGNED_OUT)
      queryClient.removeQueries({ queryKey: qk.workspace })
      toast.success('Password updated', { description: 'Sign in with your new password.' })
    },
  })

  if (mutation.isSuccess) return <Navigate to="/login" replace />

  // A refused link (400 invalid_link) is final; other errors (a too-long password) belong to the form.
  const linkError = !token
    ? 'This link is invalid or has expired.'
    : isApiError(mutation.error) && mutation.error.code === 'invalid_link'
      ? mutation.error.message
      : undefined
  const formError = mutation.isError && !linkError ? errorMessage(mutation.error) : undefined

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const errs = validate(values)
    setErrors(errs)
    if (Object.keys(errs).length === 0) mutation.mutate(values)
  }
  const set = (k: keyof Values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [k]: e.target.value }))

  return (
    <AuthCard title="Choose a new password" subtitle="Every device signed in to your account will be signed out.">
      {linkError ? (
        <div role="alert" className="grid gap-4 text-center text-sm text-slate-700">
          <p className="font-medium text-red-600">{linkError}</p>
          <Link to="/forgot-password" className="font-semibold text-brand-600 hover:underline">
            Ask for a new link
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <Field id="reset-password" label="New password" error={errors.password ?? formError}>
            {(aria) => (
              <PasswordInput
                {...aria}
                name="password"
                autoComplete="new-password"
                required
                value={values.password}
                onChange={set('password')}
                disabled={mutation.isPending}
              />
            )}
          </Field>
          <Field id="reset-confirm" label="Confirm new password" error={errors.confirm}>
            {(aria) => (
              <PasswordInput
                {...aria}
                name="confirm"
                autoComplete="new-password"
                required
                value={values.confirm}
                onChange={set('confirm')}
                disabled={mutation.isPending}
              />
            )}
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      )}
    </AuthCard>
  )
}
