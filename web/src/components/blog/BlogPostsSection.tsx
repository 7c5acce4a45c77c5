import type { TemplateId } from '@/api/types'
import { BlogPostList } from '@/components/blog/BlogPostList'
import { ErrorBlock } from '@/components/ErrorBlock'
import { LoadMore } from '@/components/PostGrid'
import type { useInfinitePosts } from '@/hooks/usePublic'
import { blogBodyClass } from '@/lib/blogTheme'

/** A workspace blog's paged posts in its template, with the error and 'Load more' states (home and category pages). */
export function BlogPostsSection({
  template,
  posts,
  workspaceSlug,
  empty,
}: {
  template: TemplateId
  posts: ReturnType<typeof useInfinitePosts>
  workspaceSlug: string
  empty: string
}) {
  const list = posts.data?.pages.flatMap((p) => p.posts)
  return (
    <div className={blogBodyClass(template)}>
      {posts.isError && !list ? (
        <ErrorBlock error={posts.error} onRetry={() => posts.refetch()} />
      ) : (
        <>
          <BlogPostList
            template={template}
            posts={list}
            loading={posts.isLoading || posts.isPending}
            workspaceSlug={workspaceSlug}
            empty={empty}
          />
          <LoadMore hasMore={posts.hasNextPage} loading={posts.isFetchingNextPage} onClick={() => posts.fetchNextPage()} />
        </>
      )}
    </div>
  )
}
