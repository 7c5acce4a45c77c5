/**
 * The pages a reader reaches from a newsletter e-mail, in the blog's frame: /confirm?token= (double
 * opt-in) and /unsubscribe?token=, also under /blog/{ws}/ and on a custom domain. Each acts when its
 * button is pressed, never on load: mail providers' link scanners open (and render) pages too.
 */
import type { ReactNode } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { useMutation } from '@tanstack/react-query'
import { CircleAlert, MailCheck, MailX } from 'lucide-react'
import { errorMessage, isApiError } from '@/api/client'
import { confirmSubscription, unsubscribe } from '@/api/newsletter'
import { Spinner } from '@/components/ui/spinner'
import { useNoIndex } from '@/hooks/useNoIndex'
import { useBlog, useSite } from '@/hooks/usePublic'
import { usePageMeta } from '@/hooks/usePageMeta'
import { blogHomePath } from '@/lib/paths'
import { useRootBlog } from '@/lib/rootBlog'
import { cn } from '@/lib/utils'
import { Button } from '@/components/ui/button'
import { useReaderText, withNode } from '@/lib/readerText'
import { LINK_TEXTS, type LinkAction } from './texts'

/** Sends the link's token when the reader presses the page's button (a 4xx is not retried). */
function useLink(action: LinkAction, token: string, workspace: string | undefined) {
  return useMutation({
    mutationFn: () => (action === 'confirm' ? confirmSubscription(token, workspace) : unsubscribe(token, workspace)),
  })
}

function Frame({ icon, tone, children }: { icon: ReactNode; tone: 'ok' | 'error' | 'busy'; children: ReactNode }) {
  return (
    <div className="container-page flex flex-col items-center py-20 text-center sm:py-28">
      <span
        className={cn(
          'inline-flex size-14 items-center justify-center rounded-full',
          tone === 'ok' && 'bg-(--brand-soft) text-(--brand-strong)',
          tone === 'error' && 'bg-amber-50 text-amber-700',
          tone === 'busy' && 'bg-slate-100 text-slate-500',
        )}
      >
        {icon}
      </span>
      {children}
    </div>
  )
}

const heading = 'mt-6 max-w-2xl text-balance text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl [font-family:var(--heading-font,inherit)]'
const homeLink =
  'mt-8 inline-flex h-11 items-center justify-center rounded-xl bg-(--brand) px-6 font-semibold text-(--brand-contrast) transition hover:brightness-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand) focus-visible:ring-offset-2'

/**
 * A confirmation or unsubscribe link's page: sends the token when its button is pressed and says what came of it,
 * in its blog's language.
 */
export function SubscriptionPage({ action }: { action: LinkAction }) {
  const [params] = useSearchParams()
  const token = (params.get('token') ?? '').trim()
  const root = useRootBlog()
  const fromRoute = useParams().workspace
  // The blog whose page this is: /blog/{ws}/..., else the custom domain's blog, else the site's (none named).
  const workspace = fromRoute ?? root?.slug
  // At the root, the host may be a blog's custom domain: the head names it, else /api/site does.
  const site = useSite()
  const ready = workspace !== undefined || !site.isPending
  const home = workspace ? blogHomePath(workspace, root?.slug) : '/'
  const link = useLink(action, token, workspace)
  const { t } = useReaderText()
  const ids = LINK_TEXTS[action]
  // The server's title: the page's name and its blog's (the product's on the site's own blog), known
  // once the blog is (at the root, once the host's blog is).
  const blog = useBlog(workspace)
  const blogTitle = blog.data ? blog.data.settings.blogTitle || blog.data.workspace.name : workspace ? null : ''
  usePageMeta(blogTitle === null || !ready ? null : t(ids.title), null, blogTitle)
  useNoIndex()

  if (token && link.isIdle) {
    return (
      <Frame tone="busy" icon={action === 'confirm' ? <MailCheck className="size-7" aria-hidden="true" /> : <MailX className="size-7" aria-hidden="true" />}>
        <h1 className={heading}>{t(ids.ask)}</h1>
        <p className="mt-3 max-w-md text-slate-600">{t(ids.askNote)}</p>
        {/* Disabled until the page knows which blog the host serves (at the root). */}
        <Button type="button" className={homeLink} disabled={!ready} onClick={() => link.mutate()}>
          {t(ids.button)}
        </Button>
      </Frame>
    )
  }

  if (token && link.isPending) {
    return (
      <Frame tone="busy" icon={<Spinner className="size-6" />}>
        <h1 role="status" className={heading}>
          {t(ids.busy)}
        </h1>
      </Frame>
    )
  }

  if (!token || link.isError) {
    return (
      <Frame tone="error" icon={<CircleAlert className="size-7" aria-hidden="true" />}>
        <h1 className={heading}>{t(ids.failed)}</h1>
        <p role="alert" className="mt-3 max-w-md text-slate-600">
          {/* The server's own words for an unknown link are English: the page says it in the blog's language. */}
          {token && !(isApiError(link.error) && link.error.code === 'invalid_link') ? errorMessage(link.error, t('invalidLink')) : t('invalidLink')}
        </p>
        <Link to={home} className={homeLink}>
          {t('returnHome')}
        </Link>
      </Frame>
    )
  }

  const answer = link.data
  if (!answer) return null
  return action === 'confirm' ? (
    <Frame tone="ok" icon={<MailCheck className="size-7" aria-hidden="true" />}>
      <h1 className={heading}>{t(ids.done, { blog: answer.blog })}</h1>
      <p className="mt-3 max-w-md text-slate-600">
        {answer.email
          ? withNode(t('arriveAt'), 'email', <strong className="font-semibold text-slate-900">{answer.email}</strong>)
          : t('arriveInbox')}{' '}
        {t('everyEmailUnsubscribe')}
      </p>
      <Link to={home} className={homeLink}>
        {t('readLatest')}
      </Link>
    </Frame>
  ) : (
    <Frame tone="ok" icon={<MailX className="size-7" aria-hidden="true" />}>
      <h1 className={heading}>{t(ids.done, { blog: answer.blog })}</h1>
      <p className="mt-3 max-w-md text-slate-600">{t('unsubscribedNote')}</p>
      <p className="mt-6 max-w-md text-sm text-slate-500">{t('resubscribeHint')}</p>
      <Link to={home} className={homeLink}>
        {t('returnHome')}
      </Link>
    </Frame>
  )
}

export function ConfirmPage() {
  return <SubscriptionPage action="confirm" />
}

export function UnsubscribePage() {
  return <SubscriptionPage action="unsubscribe" />
}
