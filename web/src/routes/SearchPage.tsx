import type { ReactNode } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { LIMITS } from '@/api/contract.gen'
import { BlogTheme } from '@/components/BlogTheme'
import { BlogGate } from '@/components/blog/BlogGate'
import { BlogPostsSection } from '@/components/blog/BlogPostsSection'
import { EmptyState } from '@/components/EmptyState'
import { PagedPosts } from '@/components/PagedPosts'
import { PrevPageLink } from '@/components/nav/PrevPageLink'
import { SearchForm } from '@/components/nav/SearchForm'
import { useBlog, useInfinitePosts } from '@/hooks/usePublic'
import { pagedTitle, usePageMeta } from '@/hooks/usePageMeta'
import { blogBodyClass, templateOf } from '@/lib/blogTheme'
import { searchPath, usePageParam } from '@/lib/nav'
import { useRootBlog } from '@/lib/rootBlog'
import { useReaderText } from '@/lib/readerText'

/**
 * A blog's search page: a search box prefilled from ?q=, then the blog's public posts holding every word (title
 * matches first, then newest), with 'Load more'. /blog/:workspace/search, or /search for the blog at the root.
 */
export function SearchPage() {
  const root = useRootBlog()
  const text = useReaderText()
  const { t } = text
  const { workspace = root?.slug } = useParams()
  const [params] = useSearchParams()
  const q = (params.get('q') ?? '').trim()
  const first = usePageParam()
  const posts = useInfinitePosts({ workspace, q, limit: LIMITS.listPageSize }, q !== '', first)
  const action = searchPath(workspace, root?.slug)
  // Remount the form when the text in the address changes (back/forward), so it shows that text.
  const form = <SearchForm key={q} action={action} initial={q} />
  const results = (list: ReactNode) =>
    q ? (
      <>
        <PrevPageLink page={first} />
        {list}
      </>
    ) : (
      <EmptyState title={t('searchPrompt')} />
    )

  // The page's name as the server's head gives it (a search too long for the server is answered as 'Search').
  const title = Array.from(params.get('q') ?? '').length > LIMITS.searchMax ? t('search') : pagedTitle(q ? t('searchTitle', { q }) : t('search'), q ? first : 1, text)

  if (!workspace) return <SiteSearch title={title} q={q} form={form} results={results(<PagedPosts query={posts} empty={t('noMatches')} />)} />
  return <BlogSearch title={title} workspace={workspace} q={q} form={form} posts={posts} results={results} />
}

function SiteSearch({ title, q, form, results }: { title: string; q: string; form: ReactNode; results: ReactNode }) {
  const text = useReaderText()
  const { t } = text
  usePageMeta(title)
  return (
    <div className="container-page py-12 sm:py-16">
      <header className="mb-10">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{t('search')}</p>
        <h1 className="mt-1 mb-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {q ? t('resultsFor', { q }) : t('searchTheBlog')}
        </h1>
        {form}
      </header>
      {results}
    </div>
  )
}

function BlogSearch({
  title,
  workspace,
  q,
  form,
  posts,
  results,
}: {
  title: string
  workspace: string
  q: string
  form: ReactNode
  posts: ReturnType<typeof useInfinitePosts>
  results: (list: ReactNode) => ReactNode
}) {
  const blog = useBlog(workspace)
  const text = useReaderText()
  const { t } = text
  const blogTitle = blog.data ? blog.data.settings.blogTitle || blog.data.workspace.name : ''
  usePageMeta(blog.data ? title : blog.isError ? t('blogNotFound') : null, null, blogTitle)
  return (
    <BlogGate blog={blog}>
      {({ settings, workspace: ws }) => {
        const template = templateOf(settings)
        return (
          <BlogTheme settings={settings}>
            <header className="container-page pt-12 pb-8 sm:pt-16">
              <p className="text-sm font-semibold uppercase tracking-wider text-(--brand-strong)">{blogTitle}</p>
              <h1 className="mt-1 mb-6 text-3xl font-extrabold tracking-tight break-words text-slate-900 sm:text-4xl">
                {q ? t('resultsFor', { q }) : t('searchTheBlog')}
              </h1>
              {form}
            </header>
            {q ? (
              <>
                <div className="container-page">{results(null)}</div>
                <BlogPostsSection template={template} posts={posts} workspaceSlug={ws.slug} empty={t('noMatches')} />
              </>
            ) : (
              <div className={blogBodyClass(template)}>{results(null)}</div>
            )}
          </BlogTheme>
        )
      }}
    </BlogGate>
  )
}
