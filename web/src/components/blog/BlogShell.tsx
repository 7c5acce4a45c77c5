import { useState, type ReactNode } from 'react'
import type { Settings } from '@/api/types'
import { isApiError } from '@/api/client'
import { Outlet, useParams } from 'react-router'
import { BlogTheme } from '../BlogTheme'
import { Shell } from '../Shell'
import { ScrollToTop } from '../ScrollToTop'
import { BlogNavbar } from './BlogNavbar'
import { BlogFooter } from './BlogFooter'
import { BlogNewsletter } from './BlogNewsletter'
import { useBlog, useSite } from '@/hooks/usePublic'
import { useMe } from '@/hooks/useMe'
import { templateOf } from '@/lib/blogTheme'
import { titleCase } from '@/lib/categories'
import { blogHomePath, blogSearchPath, categoryPath, feedPath } from '@/lib/paths'
import { useRootBlog } from '@/lib/rootBlog'
import { cn } from '@/lib/utils'
import { useReaderText } from '@/lib/readerText'
import { ReaderLocale } from '@/components/ReaderLocale'

/**
 * A workspace blog's own frame: its header (logo or title, categories, search), its newsletter card and
 * its footer (owner's links, feed, "Powered by" unless white-label), in its template, colour and font.
 * No platform chrome. The blog is `workspace`, else the route's :workspace, else the root blog (custom
 * domain). Renders the page given as children, else the matched child route (a layout route). `settings`
 * stand in for the blog's own until they are read (a preview carries them). Its texts are in the blog's
 * language (ReaderLocale), written in its direction.
 */
export function BlogShell({ workspace, settings: known, children }: { workspace?: string; settings?: Settings; children?: ReactNode }) {
  const params = useParams()
  const root = useRootBlog()
  const ws = workspace ?? params.workspace ?? root?.slug ?? ''
  const site = useSite().data
  const blog = useBlog(ws)
  const me = useMe().me
  // No such blog: remembered per blog, because the page remounting in the other frame refetches the
  // blog (pending again) and must not switch back.
  const [missing, setMissing] = useState('')
  if (blog.isError && isApiError(blog.error, 404) && missing !== ws) setMissing(ws)
  const page = children ?? <Outlet />

  // The site's own blog (its pages live at the root; the app may still reach /blog/{site}) keeps the
  // platform's frame.
  if (!root && site?.siteWorkspace && site.siteWorkspace === ws) return <Shell newsletter>{page}</Shell>
  // No such blog: the platform's 404 page, in the platform's frame.
  if (!known && !root && missing === ws) return <Shell>{page}</Shell>

  const data = blog.data
  const settings = data?.settings ?? known
  const template = templateOf(settings)
  const rootSlug = root?.slug
  const slug = data?.workspace.slug ?? ws
  const title = data ? settings?.blogTitle || data.workspace.name : known?.blogTitle || (blog.isError ? titleCase(ws) : null)
  const brand = data?.brand
  const categories = (data?.categories ?? []).map((c) => ({ name: c.name || titleCase(c.slug), href: categoryPath(c.slug, slug, rootSlug) }))

  return (
    <ReaderLocale lang={settings?.language}>
      <FramedTheme settings={settings} className={cn('flex min-h-dvh flex-col', template === 'template-1' ? 'bg-slate-50' : 'bg-white')}>
        <ScrollToTop />
        <SkipLink />
        <BlogNavbar
          template={template}
          title={title}
          logoUrl={brand?.logoUrl || undefined}
          home={blogHomePath(slug, rootSlug)}
          searchPath={blogSearchPath(slug, rootSlug)}
          categories={categories}
          dashboard={Boolean(me?.user && me.workspace?.slug === slug)}
        />
        <main id="main" className="flex-1" tabIndex={-1}>
          {page}
        </main>
        {data && title && <BlogNewsletter template={template} workspace={slug} title={title} />}
        {title && (
          <BlogFooter
            template={template}
            title={title}
            socialLinks={brand?.socialLinks ?? []}
            feedUrl={brand?.feedUrl || feedPath({ workspace: slug, rootSlug })}
            whiteLabel={brand?.whiteLabel ?? false}
            platformHome={site?.baseUrl ? `${site.baseUrl.replace(/\/+$/, '')}/` : '/'}
          />
        )}
      </FramedTheme>
    </ReaderLocale>
  )
}

/** The blog's frame, marked with the language of its texts and their direction. */
function FramedTheme({ settings, className, children }: { settings: Settings | undefined; className: string; children: ReactNode }) {
  const text = useReaderText()
  return (
    <BlogTheme settings={settings} className={className} lang={text.lang} dir={text.dir}>
      {children}
    </BlogTheme>
  )
}

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-(--brand-strong) focus:shadow-lg"
    >
      {useReaderText().t('skipToContent')}
    </a>
  )
}
