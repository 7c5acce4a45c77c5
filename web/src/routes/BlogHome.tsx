import { useParams } from 'react-router'
import { BlogTheme } from '@/components/BlogTheme'
import { templateOf } from '@/lib/blogTheme'
import { BlogHeader } from '@/components/blog/BlogHeader'
import { BlogPostsSection } from '@/components/blog/BlogPostsSection'
import { BlogGate } from '@/components/blog/BlogGate'
import { useBlog, useInfinitePosts } from '@/hooks/usePublic'
import { pagedTitle, useBlogIcon, usePageMeta } from '@/hooks/usePageMeta'
import { isApiError } from '@/api/client'
import { feedPath } from '@/lib/paths'
import { useRootBlog } from '@/lib/rootBlog'
import { LIMITS } from '@/api/contract.gen'
import { PrevPageLink } from '@/components/nav/PrevPageLink'
import { usePageParam } from '@/lib/nav'
import { useReaderText } from '@/lib/readerText'

export function BlogHome() {
  const root = useRootBlog()
  const text = useReaderText()
  const { t } = text
  // /blog/:workspace, or "/" on a custom domain (the root blog).
  const { workspace: ws = root?.slug ?? '' } = useParams()
  const blog = useBlog(ws)
  // ?page=N shows the page the server's home page N lists.
  const first = usePageParam()
  const posts = useInfinitePosts({ workspace: ws, limit: LIMITS.homePageSize }, blog.isSuccess, first)
  const title = blog.data ? blog.data.settings.blogTitle || blog.data.workspace.name : null
  // Its page 1 is titled with the blog's name alone, a later page 'Page N | {blog}'.
  usePageMeta(blog.isError && isApiError(blog.error, 404) ? t('blogNotFound') : title === null ? null : pagedTitle('', first, text), blog.data?.settings.blogDescription, title)
  useBlogIcon(blog.data?.brand.iconUrl)

  return (
    <BlogGate blog={blog}>
      {({ settings, categories, workspace }) => {
        const template = templateOf(settings)
        return (
          <BlogTheme settings={settings}>
            <BlogHeader
              template={template}
              title={title ?? workspace.name}
              description={settings.blogDescription}
              rssHref={feedPath({ workspace: workspace.slug, rootSlug: root?.slug })}
              workspaceSlug={workspace.slug}
              categories={categories}
            />
            {first > 1 && (
              <div className="container-page pt-8">
                <PrevPageLink page={first} />
              </div>
            )}
            <BlogPostsSection template={template} posts={posts} workspaceSlug={workspace.slug} empty={t('noPostsYet')} />
          </BlogTheme>
        )
      }}
    </BlogGate>
  )
}
