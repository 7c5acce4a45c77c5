import { Link, useParams } from 'react-router'
import { useInfiniteQuery } from '@tanstack/react-query'
import { ExternalLink } from 'lucide-react'
import { getAuthorPage } from '@/api/endpoints'
import { isApiError } from '@/api/client'
import { qk } from '@/api/queryKeys'
import { BlogTheme } from '@/components/BlogTheme'
import { AuthorAvatar } from '@/components/Byline'
import { PageError } from '@/components/ErrorBlock'
import { NotFoundBlock } from '@/components/NotFoundBlock'
import { PagedPosts } from '@/components/PagedPosts'
import { PageLoading } from '@/components/PageLoading'
import { Button } from '@/components/ui/button'
import { networkLabel } from '@/lib/networks'
import { useBlog } from '@/hooks/usePublic'
import { useBlogIcon, usePageMeta } from '@/hooks/usePageMeta'
import { PAGE_SIZE } from '@/lib/constants'
import { blogHomePath } from '@/lib/paths'
import { useRootBlog } from '@/lib/rootBlog'
import { useReaderText } from '@/lib/readerText'

/**
 * /blog/:workspace/author/:slug (or /author/:slug at the root): an author on one blog: avatar, name,
 * bio, links and their posts on that blog, newest first, with 'Load more'.
 */
export function AuthorPage() {
  const params = useParams()
  const root = useRootBlog()
  const { t } = useReaderText()
  const slug = params.slug ?? ''
  // Without a workspace the server answers for the blog at this host's root.
  const workspace = params.workspace ?? root?.slug
  const blog = useBlog(workspace)
  const query = useInfiniteQuery({
    queryKey: qk.author(workspace ?? '', slug),
    queryFn: ({ pageParam, signal }) => getAuthorPage(slug, { workspace, page: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 60_000,
  })
  const author = query.data?.pages[0]?.author
  const missing = query.isError && isApiError(query.error, 404)
  const blogTitle = workspace ? blog.data?.settings.blogTitle || blog.data?.workspace.name : null
  usePageMeta(missing ? t('authorNotFound') : author?.name, author?.bio, blogTitle)
  useBlogIcon(blog.data?.brand.iconUrl)

  let body
  if (query.isLoading) {
    body = <PageLoading />
  } else if (missing) {
    body = (
      <NotFoundBlock
        title={t('authorNotFound')}
        description={t('authorNoPosts')}
        action={
          <Button asChild size="lg">
            <Link to={workspace ? blogHomePath(workspace, root?.slug) : '/'}>{t('goHome')}</Link>
          </Button>
        }
      />
    )
  } else if (!author) {
    body = <PageError error={query.error} onRetry={() => void query.refetch()} />
  } else {
    body = (
      <div className="container-page py-10 sm:py-14">
        <header className="flex max-w-3xl flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
          <AuthorAvatar author={author} className="size-24 text-2xl ring-4 ring-white shadow-md" />
          <div className="min-w-0">
            <p className="text-xs font-bold tracking-widest text-(--brand-strong) uppercase">{t('author')}</p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{author.name}</h1>
            {author.bio && <p className="mt-3 text-base leading-relaxed text-slate-600">{author.bio}</p>}
            {author.links.length > 0 && (
              <ul className="mt-4 flex flex-wrap justify-center gap-2 sm:justify-start" aria-label={t('profilesOf', { name: author.name })}>
                {author.links.map((l) => (
                  <li key={l.url}>
                    <a
                      href={l.url}
                      target="_blank"
                      rel="me noopener noreferrer"
                      className="inline-flex items-center gap-1 rounded-full border border-slate-200 bg-white px-3 py-1 text-sm font-medium text-slate-700 hover:border-(--brand) hover:text-(--brand-strong)"
                    >
                      {networkLabel(l.network)} <ExternalLink className="size-3.5" aria-hidden="true" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </header>
        <section aria-labelledby="author-posts" className="mt-12">
          <h2 id="author-posts" className="mb-6 text-2xl font-extrabold tracking-tight text-slate-900">
            {t('postsBy', { name: author.name })}
          </h2>
          <PagedPosts query={query} empty={t('noPostsYet')} />
        </section>
      </div>
    )
  }
  return workspace ? <BlogTheme settings={blog.data?.settings}>{body}</BlogTheme> : body
}
