import { useQuery } from '@tanstack/react-query'
import { getMe } from '@/api/endpoints'
import { qk } from '@/api/queryKeys'
import type { Me } from '@/api/types'

export const SIGNED_OUT: Me = { user: null, isAdmin: false, workspace: null, onboardingCompleted: false, verified: false }

export type AuthState = 'unknown' | 'visitor' | 'owner' | 'admin'

/** The current session (GET /api/auth/me). A failure counts as signed out. */
export function useMe() {
  const query = useQuery({
    queryKey: qk.me,
    queryFn: async () => {
      try {
        return await getMe()
      } catch {
        return SIGNED_OUT
      }
    },
    staleTime: 60_000,
    retry: false,
  })
  const me = query.data
  const state: AuthState = !me ? 'unknown' : !me.user ? 'visitor' : me.isAdmin ? 'admin' : 'owner'
  return { ...query, me, state }
}

/**
 * The signed-in user as already loaded, without asking the server (for small parts of pages that sit
 * behind a session, which has loaded it): undefined until then.
 */
export function useLoadedMe(): Me | undefined {
  return useQuery<Me>({ queryKey: qk.me, enabled: false }).data
}
