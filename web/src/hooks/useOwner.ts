import { useCallback } from 'react'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { getMedia, getOwnerPost, getOwnerPosts, type OwnerPostsQuery } from '@/api/endpoints'
import { qk } from '@/api/queryKeys'

/** One owner post with its editable body (GET /api/workspace/posts/{id}). */
export function useOwnerPost(id: number | null | undefined) {
  return useQuery({
    queryKey: qk.ownerPost(id ?? 0),
    queryFn: () => getOwnerPost(id ?? 0).then((r) => r.post),
    enabled: Boolean(id),
    staleTime: 30_000,
  })
}

/** The workspace's media library (GET /api/workspace/media). */
export function useMediaLibrary(enabled = true) {
  return useQuery({ queryKey: qk.media, queryFn: getMedia, enabled, staleTime: 30_000 })
}

/** The owner's posts page by page, for grids with a 'Load more' button. */
export function useInfiniteOwnerPosts(q: Omit<OwnerPostsQuery, 'page'>, enabled = true) {
  const limit = q.limit ?? 12
  return useInfiniteQuery({
    queryKey: qk.ownerPostsInfinite({ ...q, limit }),
    queryFn: ({ pageParam }) => getOwnerPosts({ ...q, limit, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * limit < last.total ? pages.length + 1 : undefined),
    enabled,
  })
}

/**
 * Refreshes everything a change to the owner's posts can affect: their lists, the usage counters,
 * the categories' post counts, and the public blog pages cached in this tab.
 */
export function useRefreshOwnerData() {
  const queryClient = useQueryClient()
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: qk.workspace }),
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
        queryClient.invalidateQueries({ queryKey: ['post'] }),
        queryClient.invalidateQueries({ queryKey: ['blog'] }),
        queryClient.invalidateQueries({ queryKey: ['categories'] }),
      ]).then(() => undefined),
    [queryClient],
  )
}
