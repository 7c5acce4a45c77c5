import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import type { WorkspaceResponse } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { AdminPage, DashboardLogout } from '@/components/admin/AdminLayout'
import { WorkspaceGate } from '@/components/admin/WorkspaceGate'
import { OwnerPage } from './OwnerLayout'

export type DeskArea = 'owner' | 'admin'

/**
 * A screen both desks show (schedule, categories, media library): an owner sees it at its
 * /dashboard/... path with the owner's tabs, an admin at the spec's /admin/... path with the admin's
 * tabs and the 'Dashboard' and 'Logout' buttons. Whoever opens the other desk's path is sent to
 * their own. Both work on the signed-in user's workspace (the site workspace for admins), loaded
 * first. Signed out: /admin/login.
 */
export function DeskScreen({
  area,
  ownerPath,
  adminPath,
  title,
  subtitle,
  children,
}: {
  /** The desk whose route this is. */
  area: DeskArea
  ownerPath: string
  adminPath: string
  title: string
  subtitle?: ReactNode
  children: (data: WorkspaceResponse) => ReactNode
}) {
  return (
    <RequireSession redirectTo="/admin/login">
      {(me) => {
        if (me.isAdmin && area === 'owner') return <Navigate to={adminPath} replace />
        if (!me.isAdmin && area === 'admin') return <Navigate to={ownerPath} replace />
        const body = <WorkspaceGate>{children}</WorkspaceGate>
        return area === 'admin' ? (
          <AdminPage title={title} subtitle={subtitle} actions={<DashboardLogout />}>
            {body}
          </AdminPage>
        ) : (
          <OwnerPage title={title} subtitle={subtitle}>
            {body}
          </OwnerPage>
        )
      }}
    </RequireSession>
  )
}
