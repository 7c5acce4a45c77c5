import type { ReactNode } from 'react'
import type { InfiniteData } from '@tanstack/react-query'
import type { PostSummary } from '@/api/types'
import { QueryState, type QueryLike } from '@/components/ui/query-state'
import { LoadMore, PostGrid } from './PostGrid'

/** What PagedPosts reads of a TanStack infinite query of posts. */
export type PagedPostsQuery = QueryLike<InfiniteData<{ posts?: PostSummary[] | null }>> & {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
}

/**
 * Posts read page by page: skeletons while the first page loads, the error (unless pages are
 * already shown), the posts (a PostGrid, or `children(posts, loading)`) and 'Load more'. The default grid
 * heads its page: its first cover is fetched with high priority.
 */
export function PagedPosts({
  query,
  empty,
  children = (posts, loading) => <PostGrid posts={posts} loading={loading} empty={empty} priority />,
}: {
  query: PagedPostsQuery
  /** The empty grid's text. */
  empty?: string
  children?: (posts: PostSummary[] | undefined, loading: boolean) => ReactNode
}) {
  return (
    <QueryState query={query} keepData loading={children(undefined, true)} empty={children(undefined, false)} isEmpty={() => false}>
      {(data) => (
        <>
          {children(
            data.pages.flatMap((p) => p.posts ?? []),
            query.isLoading,
          )}
          <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} />
        </>
      )}
    </QueryState>
  )
}
