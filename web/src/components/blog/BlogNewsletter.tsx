import { useId, type FormEvent } from 'react'
import { Mail } from 'lucide-react'
import type { TemplateId } from '@/api/types'
import { SUBSCRIBE_FORM_PATH } from '@/api/endpoints'
import { useSubscribe } from '@/hooks/useSubscribe'
import { SubscribeFormFields } from '@/components/SubscribeFormFields'
import { cn } from '@/lib/utils'
import { useReaderText } from '@/lib/readerText'

/**
 * A workspace blog's newsletter card: the address joins THIS blog's list (the request names its
 * workspace). The platform card's heading, with the blog's name; same field, button and toasts.
 */
export function BlogNewsletter({ template, workspace, title }: { template: TemplateId; workspace: string; title: string }) {
  const id = useId()
  const { t } = useReaderText()
  const { email, setEmail, submit, pending } = useSubscribe(workspace)
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    submit()
  }
  const heading = t('newsletterHeading', { blog: title })
  const classic = template === 'template-2'
  const minimal = template === 'template-3'

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'w-full',
        minimal && 'mx-auto max-w-xl px-4 pb-16',
        classic && 'mx-auto max-w-2xl px-4 pb-16',
        !minimal && !classic && 'container-page pb-16 pt-4',
      )}
    >
      <div
        className={cn(
          'grid items-center gap-5',
          !minimal && !classic && 'rounded-3xl bg-(--brand-soft) px-6 py-9 ring-1 ring-inset ring-(--brand)/20 sm:px-10 lg:grid-cols-2 lg:gap-12',
          classic && 'border-y border-slate-300 py-10 text-center',
          minimal && 'border-t border-slate-200 pt-8',
        )}
      >
        <div>
          {!minimal && (
            <span
              className={cn(
                'inline-flex size-11 items-center justify-center rounded-xl bg-(--brand) text-(--brand-contrast)',
                classic && 'rounded-full',
              )}
            >
              <Mail className="size-5" aria-hidden="true" />
            </span>
          )}
          <h2
            id={`${id}-title`}
            className={cn(
              'text-slate-900',
              minimal ? 'text-sm font-semibold' : 'mt-4 text-2xl font-bold tracking-tight sm:text-3xl',
              classic && '[font-family:var(--heading-font)]',
            )}
          >
            {heading}
          </h2>
          <p className={cn('mt-2 text-slate-600', minimal && 'text-sm', classic && 'italic')}>{t('newsletterNote')}</p>
        </div>
        <form
          action={SUBSCRIBE_FORM_PATH}
          method="post"
          onSubmit={onSubmit}
          className={cn('flex w-full flex-col gap-3 sm:flex-row', classic && 'mx-auto max-w-md')}
          aria-label={t('newsletterForm')}
        >
          <SubscribeFormFields workspace={workspace} />
          <label htmlFor={`${id}-email`} className="sr-only">
            {t('emailAddress')}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={cn(
              'w-full min-w-0 border border-slate-300 bg-white px-4 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-(--brand) focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand)/40',
              minimal ? 'h-10 rounded-md text-sm' : 'h-12 rounded-xl',
              classic && 'rounded-none',
            )}
          />
          <button
            type="submit"
            disabled={pending}
            className={cn(
              'inline-flex shrink-0 items-center justify-center bg-(--brand) px-6 font-semibold text-(--brand-contrast) transition hover:brightness-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand) focus-visible:ring-offset-2 disabled:opacity-70',
              minimal ? 'h-10 rounded-md text-sm' : 'h-12 min-w-32 rounded-xl',
              classic && 'rounded-none uppercase tracking-[0.12em] text-sm',
            )}
          >
            {pending ? '...' : t('subscribe')}
          </button>
        </form>
      </div>
    </section>
  )
}
