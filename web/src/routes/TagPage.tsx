import { Link, useParams } from 'react-router'
import { ArrowLeft } from 'lucide-react'
import { LIMITS } from '@/api/contract.gen'
import type { PostSummary } from '@/api/types'
import { BlogTheme } from '@/components/BlogTheme'
import { BlogHeader } from '@/components/blog/BlogHeader'
import { BlogGate } from '@/components/blog/BlogGate'
import { BlogPostsSection } from '@/components/blog/BlogPostsSection'
import { PagedPosts } from '@/components/PagedPosts'
import { PrevPageLink } from '@/components/nav/PrevPageLink'
import { RssLink } from '@/components/RssLink'
import { useBlog, useInfinitePosts } from '@/hooks/usePublic'
import { pagedTitle, tagTitle, usePageMeta } from '@/hooks/usePageMeta'
import { templateOf } from '@/lib/blogTheme'
import { linkedTags, tagFeedPath, usePageParam } from '@/lib/nav'
import { blogHomePath } from '@/lib/paths'
import { useRootBlog } from '@/lib/rootBlog'
import { cn } from '@/lib/utils'
import { useReaderText } from '@/lib/readerText'

/** How the tag is written on the posts listed (their first tag with this URL segment), else the segment. */
function tagName(pages: { posts?: PostSummary[] | null }[] | undefined, slug: string): string {
  for (const page of pages ?? []) {
    for (const p of page.posts ?? []) {
      const t = linkedTags(p.tags, p.tagSlugs).find((x) => x.slug === slug)
      if (t) return t.name.replace(/^#+/, '')
    }
  }
  return slug
}

/**
 * A tag's page: the blog's public posts with the tag, newest first, with the tag's feed. /blog/:workspace/tag/:tag
 * in the blog's own look; /tag/:tag for the blog at the root (the site's, or a custom domain's).
 */
export function TagPage() {
  const root = useRootBlog()
  const { workspace = root?.slug, tag = '' } = useParams()
  return workspace ? <BlogTagPage workspace={workspace} tag={tag} rootSlug={root?.slug} /> : <SiteTagPage tag={tag} />
}

function SiteTagPage({ tag }: { tag: string }) {
  const first = usePageParam()
  const posts = useInfinitePosts({ tag, limit: LIMITS.listPageSize }, true, first)
  const name = tagName(posts.data?.pages, tag)
  const text = useReaderText()
  const { t } = text
  usePageMeta(posts.data ? pagedTitle(tagTitle(name), first, text) : null, t('postsTagged', { tag: name }))
  return (
    <div className="container-page py-12 sm:py-16">
      <header className="mb-10 flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to="/posts" className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-600 hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" /> All posts
          </Link>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words text-slate-900 sm:text-4xl">#{name}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">{t('postsTaggedNewest', { tag: name })}</p>
        </div>
        <RssLink href={tagFeedPath(tag)} label={t('namedRssFeed', { name: `#${name}` })} />
      </header>
      <PrevPageLink page={first} />
      <PagedPosts query={posts} empty={t('noTaggedPosts')} />
    </div>
  )
}

function BlogTagPage({ workspace, tag, rootSlug }: { workspace: string; tag: string; rootSlug?: string }) {
  const first = usePageParam()
  const blog = useBlog(workspace)
  const posts = useInfinitePosts({ workspace, tag, limit: LIMITS.listPageSize }, blog.isSuccess, first)
  const name = tagName(posts.data?.pages, tag)
  const blogTitle = blog.data ? blog.data.settings.blogTitle || blog.data.workspace.name : ''
  const text = useReaderText()
  const { t } = text
  usePageMeta(blog.data && posts.data ? pagedTitle(tagTitle(name), first, text) : blog.isError ? t('blogNotFound') : null, t('postsTagged', { tag: name }), blogTitle)
  return (
    <BlogGate blog={blog}>
      {({ settings, workspace: ws, categories }) => {
        const template = templateOf(settings)
        return (
          <BlogTheme settings={settings}>
            <BlogHeader
              template={template}
              before={
                <Link
                  to={blogHomePath(ws.slug, rootSlug)}
                  className={cn(
                    'mb-5 inline-flex items-center gap-1.5 rounded text-sm font-medium focus-visible:outline-none focus-visible:ring-2',
                    template === 'template-1' ? 'text-(--brand-contrast) opacity-90 hover:opacity-100' : 'text-(--brand-strong) hover:underline',
                  )}
                >
                  <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t('backTo', { name: blogTitle })}
                </Link>
              }
              title={`#${name}`}
              description={t('postsTaggedNewest', { tag: name })}
              rssHref={tagFeedPath(tag, ws.slug, rootSlug)}
              rssLabel={t('namedRssFeed', { name: `#${name}` })}
              workspaceSlug={ws.slug}
              categories={categories}
            />
            {first > 1 && (
              <div className="container-page pt-8">
                <PrevPageLink page={first} />
              </div>
            )}
            <BlogPostsSection template={template} posts={posts} workspaceSlug={ws.slug} empty={t('noTaggedPosts')} />
          </BlogTheme>
        )
      }}
    </BlogGate>
  )
}
