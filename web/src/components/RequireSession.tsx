import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useMe } from '@/hooks/useMe'
import type { Me } from '@/api/types'
import { PageLoading } from './PageLoading'

/**
 * Renders children only for a signed-in user; otherwise sends the visitor to `redirectTo`
 * (with ?next= so they come back after signing in).
 */
export function RequireSession({
  children,
  redirectTo = '/admin/login',
}: {
  children: (me: Me) => ReactNode
  redirectTo?: string
}) {
  const { me } = useMe()
  const location = useLocation()
  if (!me) return <PageLoading />
  if (!me.user) {
    const next = encodeURIComponent(location.pathname + location.search)
    return <Navigate to={`${redirectTo}?next=${next}`} replace />
  }
  return <>{children(me)}</>
}
