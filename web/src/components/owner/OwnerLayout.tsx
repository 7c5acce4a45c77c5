import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { ExternalLink, FileText, LayoutDashboard, LayoutGrid } from 'lucide-react'
import { PageHeader } from '@/components/PageHeader'
import { cn } from '@/lib/utils'

const LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/posts', label: 'My Posts', icon: FileText, end: true },
  { to: '/dashboard/all-posts', label: 'All posts', icon: LayoutGrid, end: true },
]

const tab = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 [&_svg]:size-4',
    isActive ? 'bg-white text-brand-700 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:bg-white/70 hover:text-slate-900',
  )

/** The owner area's section links, with 'View blog' opening the public blog in a new tab. */
export function OwnerNav({ blogPath }: { blogPath?: string }) {
  return (
    <nav aria-label="Dashboard sections" className="relative -mx-1 overflow-x-auto px-1 pb-1">
      <ul className="inline-flex min-w-max items-center gap-1 rounded-xl bg-slate-100 p-1">
        {LINKS.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className={tab}>
              <Icon aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
        {blogPath && (
          <li>
            <a href={blogPath} target="_blank" rel="noopener noreferrer" className={tab({ isActive: false })}>
              <ExternalLink aria-hidden="true" />
              View blog<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  )
}

/** Page frame for owner pages: section links, heading, subtitle and actions. */
export function OwnerPage({
  title,
  subtitle,
  actions,
  blogPath,
  children,
}: {
  title: string
  subtitle?: ReactNode
  actions?: ReactNode
  blogPath?: string
  children: ReactNode
}) {
  return (
    <div className="container-page py-8 sm:py-10">
      <OwnerNav blogPath={blogPath} />
      <PageHeader title={title} subtitle={subtitle} actions={actions} className="mt-6" />
      <div className="mt-8">{children}</div>
    </div>
  )
}
