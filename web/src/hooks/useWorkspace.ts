import { useQuery } from '@tanstack/react-query'
import { getOwnerPosts, getWorkspace, getWorkspaceCategories, type OwnerPostsQuery } from '@/api/endpoints'
import { qk } from '@/api/queryKeys'

/** The signed-in owner's workspace, settings, usage and plan (GET /api/workspace). */
export function useWorkspace(enabled = true) {
  return useQuery({ queryKey: qk.workspace, queryFn: getWorkspace, enabled, staleTime: 30_000 })
}

export function useWorkspaceCategories(enabled = true) {
  return useQuery({ queryKey: qk.workspaceCategories, queryFn: getWorkspaceCategories, enabled })
}

export function useOwnerPosts(q: OwnerPostsQuery, enabled = true) {
  return useQuery({ queryKey: qk.ownerPosts(q), queryFn: () => getOwnerPosts(q), enabled })
}
