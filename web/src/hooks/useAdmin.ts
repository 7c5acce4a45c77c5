import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { getAdminPosts, getAdminWorkspaces, getPlannedPosts, type AdminPostsQuery } from '@/api/endpoints'
import { qk } from '@/api/queryKeys'

/**
 * The workspace's scheduled posts, soonest first (GET /api/workspace/scheduled). The server's
 * scheduler runs every minute, so statuses are refreshed while the page is open.
 */
export function usePlannedPosts(enabled = true) {
  return useQuery({ queryKey: qk.scheduled, queryFn: getPlannedPosts, enabled, refetchInterval: 30_000 })
}

/** Every workspace with its owner and this month's usage (admins only). */
export function useAdminWorkspaces(enabled = true) {
  return useQuery({ queryKey: qk.adminWorkspaces, queryFn: getAdminWorkspaces, enabled })
}

/** Posts across all workspaces page by page, for a grid with 'Load more' (admins only). */
export function useInfiniteAdminPosts(q: Omit<AdminPostsQuery, 'page'>, enabled = true) {
  const limit = q.limit ?? 12
  return useInfiniteQuery({
    queryKey: qk.adminPostsInfinite({ ...q, limit }),
    queryFn: ({ pageParam }) => getAdminPosts({ ...q, limit, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * limit < (last.total ?? 0) ? pages.length + 1 : undefined),
    enabled,
  })
}
