import { useId, type FormEvent } from 'react'
import { Mail } from 'lucide-react'
import { SUBSCRIBE_FORM_PATH } from '@/api/endpoints'
import { useSubscribe } from '@/hooks/useSubscribe'
import { SubscribeFormFields } from '@/components/SubscribeFormFields'
import { Button } from './ui/button'
import { Input } from './ui/input'
import { Label } from './ui/label'
import { cn } from '@/lib/utils'

/** The platform's newsletter card (the site's blog); a workspace blog has its own (blog/BlogNewsletter). */
export function NewsletterCard({ className }: { className?: string }) {
  const id = useId()
  const { email, setEmail, submit, pending } = useSubscribe()

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    submit()
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'relative overflow-hidden rounded-3xl bg-linear-to-br from-brand-600 via-violet-600 to-fuchsia-600 px-6 py-10 text-white shadow-xl shadow-brand-500/20 sm:px-10 sm:py-12',
        className,
      )}
    >
      <div className="pointer-events-none absolute -right-16 -top-16 size-56 rounded-full bg-white/10 blur-2xl" aria-hidden="true" />
      <div className="pointer-events-none absolute -bottom-20 -left-10 size-56 rounded-full bg-fuchsia-300/20 blur-2xl" aria-hidden="true" />
      <div className="relative grid items-center gap-6 lg:grid-cols-2 lg:gap-12">
        <div>
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/25">
            <Mail className="size-5" aria-hidden="true" />
          </span>
          <h2 id={`${id}-title`} className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
            Get fresh insights in your inbox
          </h2>
          <p className="mt-2 max-w-md text-brand-100">
            Marketing playbooks, keto know-how, fitness routines and tech trends — one short email, no spam.
          </p>
        </div>
        <form
          action={SUBSCRIBE_FORM_PATH}
          method="post"
          onSubmit={onSubmit}
          className="flex w-full flex-col gap-3 sm:flex-row"
          aria-label="Newsletter signup"
        >
          <SubscribeFormFields />
          <Label htmlFor={`${id}-email`} className="sr-only">
            Email address
          </Label>
          <Input
            id={`${id}-email`}
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="h-12 border-white/30 bg-white text-base text-slate-900"
          />
          <Button
            type="submit"
            size="lg"
            disabled={pending}
            className="h-12 min-w-32 bg-slate-950 text-white hover:bg-slate-800 hover:brightness-100 focus-visible:ring-white focus-visible:ring-offset-brand-600"
          >
            {pending ? '...' : 'Subscribe'}
          </Button>
        </form>
      </div>
    </section>
  )
}
