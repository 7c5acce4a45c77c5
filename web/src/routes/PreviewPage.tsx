import { Link, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Eye, ExternalLink } from 'lucide-react'
import { BlogTheme } from '@/components/BlogTheme'
import { Shell } from '@/components/Shell'
import { BlogShell } from '@/components/blog/BlogShell'
import { NotFoundBlock } from '@/components/NotFoundBlock'
import { PageError } from '@/components/ErrorBlock'
import { Button } from '@/components/ui/button'
import { useNoIndex } from '@/hooks/useNoIndex'
import { previewTitle, usePageMeta } from '@/hooks/usePageMeta'
import { isApiError } from '@/api/client'
import { getPreview, previewKey } from '@/api/preview'
import type { Post, PreviewResponse } from '@/api/types'
import { formatDateTime } from '@/lib/format'
import { templateOf } from '@/lib/blogTheme'
import { useRootBlog } from '@/lib/rootBlog'
import { titleCase } from '@/lib/categories'
import { PRODUCT_NAME } from '@/lib/constants'
import { Article, PostSkeleton } from './PostPage'

/** The sticky bar over a preview: whether (and when) the post is live. */
function PreviewNotice({ post, top = 'top-16' }: { post: Post; top?: string }) {
  const published = post.status === 'published'
  const scheduledAt = post.status === 'scheduled' ? formatDateTime(post.publishAt || post.publishedAt) : ''
  return (
    <div
      role="note"
      aria-label="Preview"
      className={
        `sticky ${top} z-30 border-b px-4 py-2.5 text-sm shadow-sm ` +
        (published ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-amber-200 bg-amber-50 text-amber-900')
      }
    >
      <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p className="inline-flex items-center gap-2 font-semibold">
          <Eye className="size-4 shrink-0" aria-hidden="true" />
          {published
            ? 'Preview — this post is published'
            : scheduledAt
              ? `Preview — scheduled for ${scheduledAt}`
              : 'Preview — this post is not published yet'}
        </p>
        {published ? (
          <a
            href={post.url}
            className="inline-flex items-center gap-1 rounded font-semibold underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
          >
            View the published post <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        ) : (
          <p className="text-amber-800">Only people with this link can see it.</p>
        )}
      </div>
    </div>
  )
}

/** The post as its blog's post page shows it, under the preview notice, in its blog's frame. */
function PreviewArticle({ data }: { data: PreviewResponse }) {
  const root = useRootBlog()
  const { post, blog, settings } = data
  // The site's own blog lives at the root routes (post.url '/{category}/{slug}') and its post page
  // is not themed; any other blog is under /blog/{ws} (or at the root of its custom domain).
  const siteBlog = !post.url.startsWith('/blog/') && root?.slug !== blog.slug
  const workspace = siteBlog ? undefined : blog.slug
  const blogTitle = siteBlog ? PRODUCT_NAME : settings.blogTitle || blog.name || titleCase(blog.slug)
  const categoryName = post.categoryName || titleCase(post.category)
  // The title the server's head gave the preview: the site's own blog goes by the product's name.
  usePageMeta(previewTitle(post.metaTitle || post.title), null, siteBlog ? null : blogTitle)
  // The notice sticks under the blog's top bar: only Modern's (69px) stays on screen.
  const top = siteBlog ? 'top-16' : templateOf(settings) === 'template-1' ? 'top-[69px]' : 'top-0'
  const body = (
    <>
      <PreviewNotice post={post} top={top} />
      <Article post={post} share={false} workspaceSlug={workspace} blogTitle={blogTitle} categoryName={categoryName} />
    </>
  )
  return siteBlog ? (
    <Shell>{body}</Shell>
  ) : (
    <BlogShell workspace={blog.slug} settings={settings}>
      <BlogTheme settings={settings}>{body}</BlogTheme>
    </BlogShell>
  )
}

/**
 * /preview/:id/:token: a post through its private preview link, draft or not. No view is counted,
 * nothing is shared or recommended, and search engines are told to keep away.
 */
export function PreviewPage() {
  const { id = '', token = '' } = useParams()
  const root = useRootBlog()
  const query = useQuery({
    queryKey: previewKey(id, token),
    queryFn: ({ signal }) => getPreview(id, token, signal),
    // An expired or replaced link stays so; only transient failures are worth another try.
    retry: (count, err) => count < 2 && !(isApiError(err) && err.status >= 400 && err.status < 500),
    refetchOnWindowFocus: false,
  })
  const expired = query.isError && isApiError(query.error, 404)

  useNoIndex()
  usePageMeta(expired ? 'Preview link expired' : null)

  if (query.isLoading) return <PostSkeleton />
  // Until the post names its blog, the frame is the host's: the root blog's on a custom domain, else the platform's.
  const Frame = root ? BlogShell : Shell
  if (expired) {
    return (
      <Frame>
        <NotFoundBlock
          title="Preview unavailable"
          description="This preview link has expired or was replaced. Ask the author for a new link."
          action={
            <Button asChild size="lg" variant="outline">
              <Link to="/">Go Home</Link>
            </Button>
          }
        />
      </Frame>
    )
  }
  if (query.isError || !query.data) {
    return (
      <Frame>
        <PageError error={query.error} onRetry={() => query.refetch()} />
      </Frame>
    )
  }
  return <PreviewArticle data={query.data} />
}
