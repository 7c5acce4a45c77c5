import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Category, TemplateId } from '@/api/types'
import { RssLink } from '../RssLink'
import { cn } from '@/lib/utils'
import { categoryPath } from '@/lib/paths'
import { useRootBlog } from '@/lib/rootBlog'
import { useReaderText } from '@/lib/readerText'

interface Props {
  template: TemplateId
  title: string
  description?: string
  rssHref: string
  rssLabel?: string
  workspaceSlug: string
  categories?: Category[]
  activeCategory?: string
  before?: ReactNode
}

function Chips({
  categories,
  workspaceSlug,
  active,
  tone,
}: {
  categories: Category[]
  workspaceSlug: string
  active?: string
  tone: 'onBrand' | 'plain' | 'minimal'
}) {
  const root = useRootBlog()
  const { t } = useReaderText()
  if (categories.length === 0) return null
  return (
    <nav aria-label={t('blogCategories')}>
      <ul className={cn('flex flex-wrap gap-2', tone !== 'onBrand' && 'justify-center sm:justify-start', tone === 'plain' && 'justify-center sm:justify-center')}>
        {categories.map((c) => {
          const isActive = c.slug === active
          return (
            <li key={c.slug}>
              <Link
                to={categoryPath(c.slug, workspaceSlug, root?.slug)}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'inline-flex rounded-full px-3 py-1 text-sm font-medium transition focus-visible:outline-none focus-visible:ring-2',
                  tone === 'onBrand' &&
                    (isActive
                      ? 'bg-(--brand-contrast) text-(--brand) focus-visible:ring-(--brand-contrast)'
                      : 'bg-white/15 text-(--brand-contrast) ring-1 ring-inset ring-white/30 hover:bg-white/25 focus-visible:ring-(--brand-contrast)'),
                  tone === 'plain' &&
                    (isActive
                      ? 'bg-(--brand) text-(--brand-contrast) focus-visible:ring-(--brand)'
                      : 'border border-slate-300 text-slate-700 hover:border-(--brand) hover:text-(--brand-strong) focus-visible:ring-(--brand)'),
                  tone === 'minimal' &&
                    cn(
                      'rounded-none px-0 py-0 text-xs underline-offset-4 hover:underline focus-visible:ring-(--brand)',
                      isActive ? 'text-(--brand-strong) underline' : 'text-slate-500',
                    ),
                )}
              >
                {c.name}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** Blog header per template: Modern = bold band in the primary colour; Classic = centered serif masthead; Minimal = small text. */
export function BlogHeader({
  template,
  title,
  description,
  rssHref,
  rssLabel,
  workspaceSlug,
  categories = [],
  activeCategory,
  before,
}: Props) {
  const { t } = useReaderText()
  if (template === 'template-2') {
    return (
      <header className="mx-auto max-w-2xl px-4 pt-14 pb-10 text-center sm:pt-20">
        {before}
        <h1 className="text-4xl font-bold leading-tight text-slate-900 sm:text-5xl">{title}</h1>
        {description && <p className="mx-auto mt-4 max-w-xl text-lg italic leading-relaxed text-slate-600">{description}</p>}
        <div className="mx-auto my-8 h-px w-24 bg-(--brand)" aria-hidden="true" />
        <div className="flex flex-col items-center gap-5">
          <Chips categories={categories} workspaceSlug={workspaceSlug} active={activeCategory} tone="plain" />
          <RssLink href={rssHref} label={rssLabel} />
        </div>
      </header>
    )
  }
  if (template === 'template-3') {
    return (
      <header className="mx-auto max-w-xl px-4 pt-16 pb-12 sm:pt-24">
        {before}
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-2 text-sm leading-relaxed text-slate-600">{description}</p>}
        <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-3">
          <Chips categories={categories} workspaceSlug={workspaceSlug} active={activeCategory} tone="minimal" />
          <a href={rssHref} className="text-xs text-slate-500 underline-offset-4 hover:text-(--brand-strong) hover:underline">
            {rssLabel ?? t('rssFeed')}
          </a>
        </div>
      </header>
    )
  }
  return (
    <header className="bg-(--brand) text-(--brand-contrast)">
      <div className="container-page py-14 sm:py-20">
        {before}
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {description && <p className="mt-3 max-w-2xl text-lg opacity-90">{description}</p>}
        <div className="mt-7 flex flex-wrap items-center gap-4">
          <RssLink href={rssHref} label={rssLabel} className="bg-white text-orange-700" />
          <Chips categories={categories} workspaceSlug={workspaceSlug} active={activeCategory} tone="onBrand" />
        </div>
      </div>
    </header>
  )
}

