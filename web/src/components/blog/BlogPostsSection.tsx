import type { TemplateId } from '@/api/types'
import { BlogPostList } from '@/components/blog/BlogPostList'
import { PagedPosts } from '@/components/PagedPosts'
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
  // Skeletons until the first page is in, also while the query waits to be enabled.
  const query = { ...posts, isLoading: posts.isLoading || posts.isPending }
  return (
    <div className={blogBodyClass(template)}>
      <PagedPosts query={query}>
        {(list, loading) => <BlogPostList template={template} posts={list} loading={loading} workspaceSlug={workspaceSlug} empty={empty} />}
      </PagedPosts>
    </div>
  )
}
