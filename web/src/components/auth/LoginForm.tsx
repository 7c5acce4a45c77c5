import { useState, type ChangeEvent, type FormEvent } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { login } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import { useMe } from '@/hooks/useMe'
import { usePageMeta } from '@/hooks/usePageMeta'
import { landingPathFor, safeNextPath } from '@/lib/redirect'
import { Button } from '../ui/button'
import { Input } from '../ui/input'
import { Field } from '../ui/field'
import { PageLoading } from '../PageLoading'
import { AuthCard } from './AuthCard'
import { PasswordInput } from './PasswordInput'
import { validateLogin, type Errors, type LoginValues } from './validation'

/** Shown by a sign-in that undid the account's deletion. */
export const ACCOUNT_RESTORED = 'Account restored'
export const ACCOUNT_RESTORED_TEXT = 'Welcome back! Your account was being deleted: signing in cancelled that, and your blog is online again.'

export function LoginForm({
  title,
  subtitle,
  signupPath,
}: {
  title: string
  subtitle: string
  signupPath: string
}) {
  usePageMeta(title)
  const [params] = useSearchParams()
  const next = safeNextPath(params.get('next'))
  const { me } = useMe()
  const queryClient = useQueryClient()
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' })
  const [errors, setErrors] = useState<Errors<LoginValues>>({})
  const [target, setTarget] = useState<string | null>(null)

  const mutation = useMutation({
    mutationFn: (v: LoginValues) => login(v.email.trim(), v.password),
    onSuccess: (result) => {
      if (result.restored) {
        toast.success(ACCOUNT_RESTORED, { description: ACCOUNT_RESTORED_TEXT })
      } else {
        toast.success('Login successful', { description: 'Welcome back!' })
      }
      setTarget(landingPathFor(result, next))
      queryClient.setQueryData(qk.me, result)
      queryClient.removeQueries({ queryKey: qk.workspace })
    },
    onError: (err) => {
      toast.error('Login failed', { description: errorMessage(err, 'Invalid credentials') })
    },
  })

  if (target) return <Navigate to={target} replace />
  if (!me) return <PageLoading />
  if (me.user) return <Navigate to={landingPathFor(me, next)} replace />

  const set = (k: keyof LoginValues) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [k]: e.target.value }))
    if (errors[k]) setErrors((er) => ({ ...er, [k]: undefined }))
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const errs = validateLogin(values)
    setErrors(errs)
    if (Object.keys(errs).length > 0) return
    mutation.mutate(values)
  }

  const signupHref = next ? `${signupPath}?next=${encodeURIComponent(next)}` : signupPath

  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={signupHref} className="font-semibold text-brand-600 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <Field id="login-email" label="Email" error={errors.email}>
          {(aria) => (
            <Input
              {...aria}
              type="email"
              name="email"
              autoComplete="email"
              required
              placeholder="you@example.com"
              value={values.email}
              onChange={set('email')}
              disabled={mutation.isPending}
            />
          )}
        </Field>
        <Field id="login-password" label="Password" error={errors.password}>
          {(aria) => (
            <PasswordInput
              {...aria}
              name="password"
              autoComplete="current-password"
              required
              value={values.password}
              onChange={set('password')}
              disabled={mutation.isPending}
            />
          )}
        </Field>
        <p className="-mt-3 text-right text-sm">
          <Link to="/forgot-password" className="font-semibold text-brand-600 hover:underline">
            Forgot password?
          </Link>
        </p>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  )
}
