import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { shouldCountView } from '@/lib/views'
import { getBlog, getCategories, getPlans, getPost, getPosts, getSite, type PostsQuery } from '@/api/endpoints'
import { qk } from '@/api/queryKeys'
import { PAGE_SIZE } from '@/lib/constants'

export function useCategories(workspace?: string) {
  return useQuery({
    queryKey: qk.categories(workspace),
    queryFn: () => getCategories(workspace),
    staleTime: 5 * 60_000,
  })
}

/** One page of posts (home sections). */
export function usePosts(q: PostsQuery) {
  return useQuery({
    queryKey: qk.posts(q),
    queryFn: ({ signal }) => getPosts(q, signal),
    staleTime: 60_000,
  })
}

/**
 * Paginated posts with a 'Load more' button (page / hasMore from the server), starting at firstPage (a
 * list opened at ?page=N shows page N, and 'Load more' goes on from there).
 */
export function useInfinitePosts(q: Omit<PostsQuery, 'page'>, enabled = true, firstPage = 1) {
  const query = { limit: PAGE_SIZE, sort: 'latest' as const, ...q }
  return useInfiniteQuery({
    queryKey: [...qk.postsInfinite(query), firstPage],
    queryFn: ({ pageParam, signal }) => getPosts({ ...query, page: pageParam }, signal),
    initialPageParam: firstPage,
    getNextPageParam: (last) => (last.hasMore ? (last.page || 1) + 1 : undefined),
    staleTime: 60_000,
    enabled,
  })
}

export function usePost(category: string, slug: string, workspace?: string) {
  return useQuery({
    queryKey: qk.post(category, slug, workspace),
    queryFn: () => getPost(category, slug, workspace, typeof window !== 'undefined' && shouldCountView(window.location.pathname)),
    // One fetch per visit: a refetch would count the view again.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  })
}

export function useBlog(workspace: string | undefined) {
  return useQuery({
    queryKey: qk.blog(workspace ?? ''),
    queryFn: () => getBlog(workspace ?? ''),
    staleTime: 5 * 60_000,
    enabled: Boolean(workspace),
  })
}

/** Site info; `blog` names the workspace served at this host's root (custom domain). */
export function useSite() {
  return useQuery({ queryKey: qk.site, queryFn: getSite, staleTime: Infinity })
}

export function usePlans() {
  return useQuery({ queryKey: qk.plans, queryFn: getPlans, staleTime: 30 * 60_000 })
}
