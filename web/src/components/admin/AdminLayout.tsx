import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { LayoutDashboard, LogOut } from 'lucide-react'
import { PageHeader } from '@/components/PageHeader'
import { Button } from '@/components/ui/button'
import { useLogout } from '@/hooks/useLogout'
import { Spinner } from '@/components/ui/spinner'

/** The 'Dashboard' and 'Logout' buttons of the admin pages. */
export function DashboardLogout() {
  const logout = useLogout()
  return (
    <>
      <Button asChild variant="outline">
        <Link to="/admin/dashboard">
          <LayoutDashboard aria-hidden="true" /> Dashboard
        </Link>
      </Button>
      <Button variant="ghost" onClick={() => logout.mutate()} disabled={logout.isPending}>
        {logout.isPending ? <Spinner /> : <LogOut aria-hidden="true" />} Logout
      </Button>
    </>
  )
}

/**
 * Page frame of the admin area (same rhythm as the owner pages): heading, subtitle, and actions
 * that wrap under the heading on phones.
 */
export function AdminPage({
  title,
  subtitle,
  actions,
  eyebrow = 'Admin',
  children,
}: {
  title: string
  subtitle?: ReactNode
  actions?: ReactNode
  eyebrow?: string
  children: ReactNode
}) {
  return (
    <div className="container-page py-8 sm:py-10">
      <PageHeader eyebrow={eyebrow} title={title} subtitle={subtitle} actions={actions} />
      <div className="mt-8">{children}</div>
    </div>
  )
}

/** A titled section inside an admin page. */
export function AdminSection({
  title,
  description,
  actions,
  children,
  id,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
  children: ReactNode
  id: string
}) {
  return (
    <section aria-labelledby={id} className="mt-10 first:mt-0">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="text-xl font-bold tracking-tight text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  )
}
