import type { ComponentType, SVGProps } from 'react'
import { Globe, Rss } from 'lucide-react'
import type { SocialLink, SocialNetwork, TemplateId } from '@/api/types'
import { FacebookIcon, GitHubIcon, LinkedInIcon, XIcon } from '../BrandIcons'
import { PRODUCT_NAME } from '@/lib/constants'
import { networkLabel } from '@/lib/networks'
import { cn } from '@/lib/utils'
import { useReaderText, withNode } from '@/lib/readerText'

/** The networks with an icon of their own; the others show a globe. */
const ICONS: Partial<Record<SocialNetwork, ComponentType<SVGProps<SVGSVGElement>>>> = {
  x: XIcon,
  linkedin: LinkedInIcon,
  facebook: FacebookIcon,
  github: GitHubIcon,
}

/** Only addresses that can only navigate: a link from the owner's settings is never javascript: or data:. */
function safeHref(url: string): string | null {
  return /^https?:\/\//i.test(url.trim()) ? url.trim() : null
}

export interface BlogFooterProps {
  template: TemplateId
  title: string
  socialLinks: SocialLink[]
  feedUrl: string
  whiteLabel: boolean
  /** The platform's home ("Powered by ..."). */
  platformHome: string
}

const ring = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand) focus-visible:ring-offset-2'

function SocialList({ links, tone }: { links: SocialLink[]; tone: 'band' | 'light' }) {
  const { t } = useReaderText()
  const shown = links.map((l) => ({ ...l, href: safeHref(l.url) })).filter((l) => l.href)
  if (shown.length === 0) return null
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={t('socialLinks')}>
      {shown.map((l) => {
        const label = networkLabel(l.network)
        const Icon = ICONS[l.network] ?? Globe
        return (
          <li key={l.href}>
            <a
              href={l.href ?? undefined}
              target="_blank"
              rel="me noopener"
              aria-label={label}
              title={label}
              className={cn(
                'inline-flex size-10 items-center justify-center rounded-full transition',
                tone === 'band'
                  ? 'bg-white/15 text-(--brand-contrast) ring-1 ring-inset ring-white/25 hover:bg-white/25 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand-contrast)'
                  : cn('text-slate-600 ring-1 ring-inset ring-slate-300 hover:text-(--brand-strong) hover:ring-(--brand)', ring),
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
            </a>
          </li>
        )
      })}
    </ul>
  )
}

function Powered({ href, className }: { href: string; className?: string }) {
  const { t } = useReaderText()
  const link = (
    <a href={href} className="rounded-sm font-semibold underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current">
      {PRODUCT_NAME}
    </a>
  )
  return <p className={className}>{withNode(t('poweredBy'), 'product', link)}</p>
}

/**
 * A workspace blog's footer, in its template: the owner's links, the feed, the blog's name and year, and
 * "Powered by InkPress" unless the blog is white-label.
 */
export function BlogFooter({ template, title, socialLinks, feedUrl, whiteLabel, platformHome }: BlogFooterProps) {
  const year = new Date().getFullYear()
  const { t } = useReaderText()
  const feed = (className: string) => (
    <a href={feedUrl} className={cn('inline-flex items-center gap-1.5 rounded-sm hover:underline underline-offset-4', className)}>
      <Rss className="size-4" aria-hidden="true" />
      {t('rssFeed')}
    </a>
  )

  if (template === 'template-2') {
    return (
      <footer className="mt-auto border-t-4 border-double border-slate-300 bg-white">
        <div className="container-page flex flex-col items-center gap-5 py-12 text-center">
          <p className="text-2xl font-bold text-slate-900 [font-family:var(--heading-font)]">{title}</p>
          <div className="h-px w-16 bg-(--brand)" aria-hidden="true" />
          <SocialList links={socialLinks} tone="light" />
          {feed(cn('text-sm font-medium text-slate-700 hover:text-(--brand-strong)', ring))}
          <p className="text-sm text-slate-500">
            © {year} {title}
          </p>
          {!whiteLabel && <Powered href={platformHome} className="text-xs italic text-slate-500" />}
        </div>
      </footer>
    )
  }

  if (template === 'template-3') {
    return (
      <footer className="mt-auto bg-white">
        <div className="mx-auto flex max-w-3xl flex-col gap-4 border-t border-slate-200 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <p>
            © {year} {title}
          </p>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
            <SocialList links={socialLinks} tone="light" />
            {feed(cn('text-slate-600 hover:text-slate-900', ring))}
            {!whiteLabel && <Powered href={platformHome} className="text-xs" />}
          </div>
        </div>
      </footer>
    )
  }

  return (
    <footer className="mt-auto bg-(--brand) text-(--brand-contrast)">
      <div className="container-page flex flex-col gap-6 py-10 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-3">
          <p className="text-xl font-extrabold tracking-tight">{title}</p>
          <SocialList links={socialLinks} tone="band" />
        </div>
        <div className="flex flex-col gap-2 text-sm sm:items-end">
          {feed('font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand-contrast)')}
          <p className="opacity-85">
            © {year} {title}
          </p>
          {!whiteLabel && <Powered href={platformHome} className="text-xs opacity-85" />}
        </div>
      </div>
    </footer>
  )
}
