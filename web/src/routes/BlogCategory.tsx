import { Link, useParams } from 'react-router'
import { ArrowLeft } from 'lucide-react'
import { BlogTheme } from '@/components/BlogTheme'
import { templateOf } from '@/lib/blogTheme'
import { BlogHeader } from '@/components/blog/BlogHeader'
import { BlogPostsSection } from '@/components/blog/BlogPostsSection'
import { BlogGate } from '@/components/blog/BlogGate'
import { NotFoundBlock } from '@/components/NotFoundBlock'
import { Button } from '@/components/ui/button'
import { useBlog, useInfinitePosts } from '@/hooks/usePublic'
import { pagedTitle, useBlogIcon, usePageMeta } from '@/hooks/usePageMeta'
import { isApiError } from '@/api/client'
import type { BlogResponse, Category } from '@/api/types'
import { blogHomePath, feedPath } from '@/lib/paths'
import { useRootBlog } from '@/lib/rootBlog'
import { titleCase } from '@/lib/categories'
import { cn } from '@/lib/utils'
import { LIMITS } from '@/api/contract.gen'
import { PrevPageLink } from '@/components/nav/PrevPageLink'
import { usePageParam } from '@/lib/nav'
import { useReaderText } from '@/lib/readerText'

export function BlogCategory() {
  const root = useRootBlog()
  const text = useReaderText()
  const { t } = text
  // /blog/:workspace/:category, or /:category on a custom domain (the root blog).
  const { workspace: ws = root?.slug ?? '', category: catSlug = '' } = useParams()
  const blog = useBlog(ws)
  const category = blog.data?.categories.find((c) => c.slug.toLowerCase() === catSlug.toLowerCase())
  const first = usePageParam()
  const posts = useInfinitePosts({ workspace: ws, category: category?.slug ?? catSlug, limit: LIMITS.listPageSize }, Boolean(category), first)
  const blogTitle = blog.data ? blog.data.settings.blogTitle || blog.data.workspace.name : ''
  usePageMeta(
    blog.isError && isApiError(blog.error, 404)
      ? t('blogNotFound')
      : blog.data
        ? category
          ? pagedTitle(category.name, first, text)
          : t('categoryNotFound')
        : null,
    category?.description,
    blogTitle,
  )
  useBlogIcon(blog.data?.brand.iconUrl)

  return (
    <BlogGate blog={blog}>
      {(data) => <CategoryBody data={data} category={category} posts={posts} blogTitle={blogTitle} rootSlug={root?.slug} first={first} />}
    </BlogGate>
  )
}

function CategoryBody({
  data,
  category,
  posts,
  blogTitle,
  rootSlug,
  first,
}: {
  data: BlogResponse
  category: Category | undefined
  posts: ReturnType<typeof useInfinitePosts>
  blogTitle: string
  rootSlug: string | undefined
  first: number
}) {
  const { settings, workspace, categories } = data
  const { t } = useReaderText()
  const blogHome = blogHomePath(workspace.slug, rootSlug)
  if (!category) {
    return (
      <BlogTheme settings={settings}>
        <NotFoundBlock
          title={t('categoryNotFound')}
          action={
            <Button asChild variant="outline">
              <Link to={blogHome}>{t('backTo', { name: blogTitle })}</Link>
            </Button>
          }
        />
      </BlogTheme>
    )
  }

  const template = templateOf(settings)
  const back = (
    <Link
      to={blogHome}
      className={cn(
        'mb-5 inline-flex items-center gap-1.5 rounded text-sm font-medium focus-visible:outline-none focus-visible:ring-2',
        template === 'template-1' ? 'text-(--brand-contrast) opacity-90 hover:opacity-100' : 'text-(--brand-strong) hover:underline',
      )}
    >
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t('backTo', { name: blogTitle })}
    </Link>
  )

  return (
    <BlogTheme settings={settings}>
      <BlogHeader
        template={template}
        before={back}
        title={category.name || titleCase(category.slug)}
        description={category.description}
        rssHref={feedPath({ workspace: workspace.slug, category: category.slug, rootSlug })}
        rssLabel={t('namedRssFeed', { name: category.name })}
        workspaceSlug={workspace.slug}
        categories={categories}
        activeCategory={category.slug}
      />
      {first > 1 && (
        <div className="container-page pt-8">
          <PrevPageLink page={first} />
        </div>
      )}
      <BlogPostsSection template={template} posts={posts} workspaceSlug={workspace.slug} empty={t('noPostsInCategory')} />
    </BlogTheme>
  )
}
