import { useEffect, type ReactNode } from 'react'
import { Navigate } from 'react-router'
import { toast } from '@/lib/toast'
import type { Me } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { ACCESS_DENIED } from './texts'

/** Signed in without the admin role: 'Access Denied' and off to /dashboard. */
function Denied() {
  useEffect(() => {
    // One toast even when the effect runs twice (StrictMode).
    toast.error(ACCESS_DENIED.title, { id: 'access-denied', description: ACCESS_DENIED.description })
  }, [])
  return <Navigate to="/dashboard" replace />
}

/**
 * Admin-only pages: no session -> /admin/login (with ?next=); signed in without the admin role ->
 * toast 'Access Denied' / 'You must be an admin to access this page' and /dashboard.
 */
export function RequireAdmin({ children }: { children: (me: Me) => ReactNode }) {
  return <RequireSession redirectTo="/admin/login">{(me) => (me.isAdmin ? children(me) : <Denied />)}</RequireSession>
}
