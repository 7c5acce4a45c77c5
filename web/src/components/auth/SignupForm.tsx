import { useState, type ChangeEvent, type FormEvent } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { signup } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import { useMe } from '@/hooks/useMe'
import { usePageMeta } from '@/hooks/usePageMeta'
import { landingPathFor, safeNextPath } from '@/lib/redirect'
import { cn } from '@/lib/utils'
import { Button } from '../ui/button'
import { Input } from '../ui/input'
import { Field } from '../ui/field'
import { PageLoading } from '../PageLoading'
import { AuthCard } from './AuthCard'
import { PasswordInput } from './PasswordInput'
import { AFTER_SIGNUP, useSignedUp } from './useSignedUp'
import { MIN_PASSWORD, blogNamePlaceholder, validateSignup, type Errors, type SignupValues } from './validation'

/**
 * The sign-up form itself (Full Name, Email, Password, Blog Name): validates and creates the account with
 * POST /api/auth/signup. The sign-up pages wrap it in their card; the home page embeds it.
 *
 * `onSignedUp` runs in the same update that stores the new session, before it: the parent then renders
 * `<Navigate to={AFTER_SIGNUP} replace />` (see useSignedUp) rather than what it shows a signed-in user.
 * `idPrefix` keeps the field ids unique on a page; `columns` lays the fields out in two columns from sm up.
 */
export function SignupFields({
  onSignedUp,
  idPrefix = 'signup',
  columns = false,
}: {
  onSignedUp: () => void
  idPrefix?: string
  columns?: boolean
}) {
  const queryClient = useQueryClient()
  const [values, setValues] = useState<SignupValues>({ name: '', email: '', password: '', blogName: '' })
  const [errors, setErrors] = useState<Errors<SignupValues>>({})

  const mutation = useMutation({
    mutationFn: (v: SignupValues) =>
      signup({
        name: v.name.trim(),
        email: v.email.trim(),
        password: v.password,
        blogName: v.blogName.trim() || undefined,
      }),
    onSuccess: (result) => {
      onSignedUp()
      queryClient.setQueryData(qk.me, result)
      queryClient.removeQueries({ queryKey: qk.workspace })
    },
    onError: (err) => toast.error('Signup failed', { description: errorMessage(err) }),
  })

  const set = (k: keyof SignupValues) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [k]: e.target.value }))
    if (errors[k]) setErrors((er) => ({ ...er, [k]: undefined }))
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const errs = validateSignup(values)
    setErrors(errs)
    if (Object.keys(errs).length > 0) return
    mutation.mutate(values)
  }

  const busy = mutation.isPending
  const id = (name: string) => `${idPrefix}-${name}`

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign up" className={cn('grid gap-5', columns && 'sm:grid-cols-2 sm:items-start')}>
      <Field id={id('name')} label="Full Name" error={errors.name}>
        {(aria) => <Input {...aria} name="name" autoComplete="name" required value={values.name} onChange={set('name')} disabled={busy} />}
      </Field>
      <Field id={id('email')} label="Email" error={errors.email}>
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
            disabled={busy}
          />
        )}
      </Field>
      <Field id={id('password')} label="Password" error={errors.password} hint={`At least ${MIN_PASSWORD} characters`}>
        {(aria) => (
          <PasswordInput
            {...aria}
            name="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD}
            value={values.password}
            onChange={set('password')}
            disabled={busy}
          />
        )}
      </Field>
      <Field
        id={id('blog')}
        label={
          <>
            Blog Name <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
      >
        {(aria) => (
          <Input
            {...aria}
            name="blogName"
            placeholder={blogNamePlaceholder(values.name)}
            value={values.blogName}
            onChange={set('blogName')}
            disabled={busy}
          />
        )}
      </Field>
      <div className={cn('grid gap-5', columns && 'sm:col-span-2')}>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
          {busy ? 'Creating account...' : 'Create account'}
        </Button>
        <p className="text-center text-xs text-slate-500">14-day free trial · 10 posts included · No credit card</p>
      </div>
    </form>
  )
}

/** The sign-up page (/signup, /admin/signup): signed-in users are sent on. */
export function SignupForm({ title, subtitle, loginPath }: { title: string; subtitle: string; loginPath: string }) {
  usePageMeta(title)
  const [params] = useSearchParams()
  const next = safeNextPath(params.get('next'))
  const { me } = useMe()
  const [done, onSignedUp] = useSignedUp()

  if (done) return <Navigate to={AFTER_SIGNUP} replace />
  if (!me) return <PageLoading />
  if (me.user) return <Navigate to={landingPathFor(me, next)} replace />

  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginPath} className="font-semibold text-brand-600 hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <SignupFields onSignedUp={onSignedUp} />
    </AuthCard>
  )
}
