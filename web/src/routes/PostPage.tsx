import { currentHref } from '@/lib/location'
import type { MouseEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { ArrowLeft, CalendarDays, ChevronRight, Clock } from 'lucide-react'
import { BlogTheme } from '@/components/BlogTheme'
import { CategoryBadge } from '@/components/CategoryBadge'
import { PostGrid } from '@/components/PostGrid'
import { ResponsiveImage } from '@/components/ui/responsive-image'
import { ShareButtons } from '@/components/ShareButtons'
import { NotFoundBlock } from '@/components/NotFoundBlock'
import { PageError } from '@/components/ErrorBlock'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useBlog, usePost } from '@/hooks/usePublic'
import { useBlogIcon, usePageMeta } from '@/hooks/usePageMeta'
import { Byline } from '@/components/Byline'
import { isApiError } from '@/api/client'
import type { Post, PostSummary } from '@/api/types'
import { useReaderText } from '@/lib/readerText'
import { wholeMinutes } from '@/lib/format'
import { blogHomePath, categoryPath } from '@/lib/paths'
import { linkedTags, tagPath } from '@/lib/nav'
import { useRootBlog } from '@/lib/rootBlog'
import { titleCase } from '@/lib/categories'
import { PRODUCT_NAME } from '@/lib/constants'

/** The post page's loading state (also the preview page's). */
export function PostSkeleton() {
  const { t } = useReaderText()
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14" aria-busy="true">
      <p role="status" className="mb-6 text-sm font-medium text-slate-500">
        {t('loading')}
      </p>
      <Skeleton className="h-4 w-48" />
      <Skeleton className="mt-8 aspect-[16/9] w-full rounded-2xl" />
      <Skeleton className="mt-8 h-5 w-40" />
      <Skeleton className="mt-4 h-10 w-full" />
      <Skeleton className="mt-2 h-10 w-2/3" />
      <div className="mt-10 space-y-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-4 w-full" />
        ))}
      </div>
    </div>
  )
}

/** Same-site links inside the article navigate in the app instead of reloading. */
function useInternalLinks() {
  const navigate = useNavigate()
  return (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    const a = (e.target as HTMLElement).closest('a')
    if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return
    const href = a.getAttribute('href')
    if (!href) return
    let url: URL
    try {
      url = new URL(href, window.location.href)
    } catch {
      return
    }
    if (url.origin !== window.location.origin) return
    if (/\.(xml|rss|atom|json)$/i.test(url.pathname) || url.pathname.startsWith('/media/') || url.pathname.startsWith('/api/')) return
    e.preventDefault()
    navigate(url.pathname + url.search + url.hash)
  }
}

/**
 * A post as its blog shows it: breadcrumb, cover, date, read time, content, tags, then share buttons
 * and related posts. The preview page renders the same article without sharing or related posts.
 */
export function Article({
  post,
  related = [],
  share = true,
  workspaceSlug,
  blogTitle,
  categoryName,
}: {
  post: Post
  related?: PostSummary[]
  /** Share buttons under the tags (default on). */
  share?: boolean
  workspaceSlug?: string
  blogTitle: string
  categoryName: string
}) {
  const onContentClick = useInternalLinks()
  const root = useRootBlog()
  const text = useReaderText()
  const { t } = text
  const home = workspaceSlug ? blogHomePath(workspaceSlug, root?.slug) : '/'
  const catHref = categoryPath(post.category, workspaceSlug, root?.slug)
  const shareUrl = post.canonicalUrl || currentHref()
  const tags = linkedTags(post.tags, post.tagSlugs)

  return (
    <>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <nav aria-label={t('breadcrumb')} className="text-sm text-slate-500">
          <ol className="flex flex-wrap items-center gap-1.5">
            <li>
              <Link to={home} className="rounded hover:text-(--brand-strong) focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand)">
                {blogTitle}
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="size-3.5 rtl:-scale-x-100" />
            </li>
            <li>
              <Link to={catHref} className="rounded hover:text-(--brand-strong) focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand)">
                {categoryName}
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="size-3.5 rtl:-scale-x-100" />
            </li>
            <li aria-current="page" className="line-clamp-1 max-w-[16rem] font-medium text-slate-700 sm:max-w-md">
              {post.title}
            </li>
          </ol>
        </nav>

        <Link
          to={catHref}
          className="mt-6 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-(--brand-strong) hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand)"
        >
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t('backTo', { name: categoryName })}
        </Link>

        {post.coverImageUrl && (
          <figure className="mt-6 overflow-hidden rounded-2xl bg-slate-100 shadow-sm">
            <ResponsiveImage
              src={post.coverImageUrl}
              alt={post.title}
              layout="cover"
              width={1200}
              height={675}
              priority
              className="aspect-[16/9] w-full object-cover"
            />
          </figure>
        )}

        <header className="mt-8">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-500">
            <CategoryBadge slug={post.category} label={categoryName} to={catHref} />
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              <time dateTime={post.publishedAt}>{text.longDate(post.publishedAt)}</time>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden="true" />
              {text.count('minRead', wholeMinutes(post.readMinutes))}
            </span>
          </div>
          <h1 className="mt-4 text-3xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-4xl lg:text-5xl">
            {post.title}
          </h1>
          {post.author && <Byline author={post.author} className="mt-6" />}
        </header>

        <div
          className="prose-ink mt-10"
          onClick={onContentClick}
          // The server sanitises post HTML (allow-list) before storing it.
          dangerouslySetInnerHTML={{ __html: post.content }}
        />

        {tags.length > 0 && (
          <ul className="mt-10 flex flex-wrap gap-2" aria-label={t('tags')}>
            {tags.map((t) => (
              <li key={t.slug}>
                <Link
                  to={tagPath(t.slug, workspaceSlug, root?.slug)}
                  rel="tag"
                  className="inline-flex rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-(--brand-soft) hover:text-(--brand-strong) focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand)"
                >
                  #{t.name.replace(/^#+/, '')}
                </Link>
              </li>
            ))}
          </ul>
        )}

        {share && (
          <div className="mt-10">
            <ShareButtons url={shareUrl} title={post.title} />
          </div>
        )}
      </article>

      {related.length > 0 && (
        <section aria-labelledby="related-title" className="border-t border-slate-200 bg-white/60">
          <div className="container-page py-14">
            <h2 id="related-title" className="mb-8 text-2xl font-extrabold tracking-tight text-slate-900">
              {t('relatedPosts')}
            </h2>
            <PostGrid posts={related.slice(0, 3)} workspaceSlug={workspaceSlug} />
          </div>
        </section>
      )}
    </>
  )
}

export function PostPage() {
  const params = useParams()
  const root = useRootBlog()
  const { t } = useReaderText()
  const { category = '', slug = '' } = params
  // /blog/:workspace/:category/:slug, or /:category/:slug on a custom domain: the root blog's post,
  // fetched without ?workspace= so the server resolves it by host (canonical URLs on that host).
  const workspace = params.workspace ?? root?.slug
  const postQuery = usePost(category, slug, params.workspace)
  const blog = useBlog(workspace)
  const blogQuery = workspace ? blog : null
  const post = postQuery.data?.post
  const missing = postQuery.isError && isApiError(postQuery.error, 404)

  const blogCategory = blogQuery?.data?.categories.find((c) => c.slug === post?.category)
  const categoryName = post ? blogCategory?.name || post.categoryName || titleCase(post.category) : ''
  const blogTitle = workspace
    ? blogQuery?.data?.settings.blogTitle || blogQuery?.data?.workspace.name || titleCase(workspace)
    : PRODUCT_NAME

  usePageMeta(missing ? t('postNotFound') : post ? post.metaTitle || post.title : null, post?.metaDescription, workspace ? blogTitle : null)
  useBlogIcon(blogQuery?.data?.brand.iconUrl)

  const loading = postQuery.isLoading || (blogQuery?.isLoading ?? false)
  let body
  if (loading) {
    body = <PostSkeleton />
  } else if (missing) {
    body = (
      <NotFoundBlock
        title={t('postNotFound')}
        description={t('postNotFoundNote')}
        action={
          <Button asChild size="lg">
            <Link to={workspace ? blogHomePath(workspace, root?.slug) : '/'}>{t('goHome')}</Link>
          </Button>
        }
      />
    )
  } else if (postQuery.isError || !post) {
    body = <PageError error={postQuery.error} onRetry={() => postQuery.refetch()} />
  } else {
    body = (
      <Article
        post={post}
        related={postQuery.data?.related ?? []}
        workspaceSlug={workspace}
        blogTitle={blogTitle}
        categoryName={categoryName}
      />
    )
  }

  return workspace ? <BlogTheme settings={blogQuery?.data?.settings}>{body}</BlogTheme> : body
}
