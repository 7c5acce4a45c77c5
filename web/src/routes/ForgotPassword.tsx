import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { useMutation } from '@tanstack/react-query'
import { forgotPassword } from '@/api/account'
import { errorMessage } from '@/api/client'
import { AuthCard } from '@/components/auth/AuthCard'
import { validateEmail } from '@/components/auth/validation'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { usePageMeta } from '@/hooks/usePageMeta'

export const FORGOT_SENT = "If an account exists for that address, we've sent a link to reset your password."

/** /forgot-password: asks for a reset link. The answer never tells whether the address has an account. */
export function ForgotPassword() {
  usePageMeta('Forgot password')
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const mutation = useMutation({ mutationFn: (v: string) => forgotPassword(v.trim()) })

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const err = validateEmail(email)
    setError(err)
    if (!err) mutation.mutate(email)
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your account's e-mail address and we'll send you a link to choose a new one."
      footer={
        <Link to="/login" className="font-semibold text-brand-600 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {mutation.isSuccess ? (
        <p role="status" className="rounded-xl bg-brand-50 p-4 text-sm text-slate-700 ring-1 ring-brand-100">
          {FORGOT_SENT}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <Field id="forgot-email" label="Email" error={error ?? (mutation.isError ? errorMessage(mutation.error) : undefined)}>
            {(aria) => (
              <Input
                {...aria}
                type="email"
                name="email"
                autoComplete="email"
                required
                placeholder="you@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                disabled={mutation.isPending}
              />
            )}
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthCard>
  )
}
