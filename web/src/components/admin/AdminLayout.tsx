import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import {
  CalendarClock,
  ChevronLeft,
  ChevronRight,
  ExternalLink,
  FileText,
  FolderTree,
  ImageIcon,
  LayoutDashboard,
  LayoutGrid,
  LogOut,
  Mail,
  Settings,
  Users,
} from 'lucide-react'
import { PageHeader } from '@/components/PageHeader'
import { VerifyBanner } from '@/components/account/VerifyBanner'
import { Button } from '@/components/ui/button'
import { useLogout } from '@/hooks/useLogout'
import { setDesk } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { toast } from '@/lib/toast'
import { useMe } from '@/hooks/useMe'
import { useScrollEdges } from '@/hooks/useScrollEdges'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'

/*
 * The desks' section tabs live here, with the admin pages' frame, because both desks wear them:
 * the owner pages import them from here (admin never imports from owner).
 */

interface DeskLink {
  to: string
  label: string
  icon: ComponentType<{ 'aria-hidden'?: boolean | 'true' }>
  /** Paths (and everything under them) where this item is the current one; default: `to` and below. */
  match?: string[]
  /** Only `to` itself, not the paths below it. */
  end?: boolean
}

/** The owner's desk: every screen works on the signed-in owner's workspace. */
const OWNER_LINKS: DeskLink[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  // A post's own screen (/dashboard/posts/{id}) and the readers' grid belong to Posts.
  { to: '/dashboard/posts', label: 'Posts', icon: FileText, match: ['/dashboard/posts', '/dashboard/all-posts'] },
  { to: '/dashboard/schedule', label: 'Schedule', icon: CalendarClock },
  { to: '/dashboard/categories', label: 'Categories', icon: FolderTree },
  { to: '/dashboard/media', label: 'Media library', icon: ImageIcon },
  { to: '/dashboard/subscribers', label: 'Subscribers', icon: Mail },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
]

/**
 * The admin's desk: the same screens on the site workspace (the spec's /admin/... routes where it
 * has them), plus the platform-wide Users and All posts.
 */
const ADMIN_LINKS: DeskLink[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/dashboard/posts', label: 'Posts', icon: FileText, match: ['/dashboard/posts', '/dashboard/all-posts'] },
  { to: '/admin/schedule', label: 'Schedule', icon: CalendarClock },
  { to: '/admin/categories', label: 'Categories', icon: FolderTree },
  { to: '/admin/media-library', label: 'Media library', icon: ImageIcon },
  { to: '/admin/subscribers', label: 'Subscribers', icon: Mail },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/all-posts', label: 'All blogs', icon: LayoutGrid },
]

function isCurrent(pathname: string, link: DeskLink): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (link.end) return path === link.to
  return (link.match ?? [link.to]).some((p) => path === p || path.startsWith(`${p}/`))
}

const tab = (active: boolean) =>
  cn(
    'inline-flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 [&_svg]:size-4 [&_svg]:shrink-0',
    active ? 'bg-white text-brand-700 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:bg-white/70 hover:text-slate-900',
  )

/**
 * The desk's sections as a row of tabs: one line that scrolls sideways on phones (the current tab
 * is scrolled into view, and a fade with an arrow at either end says more tabs are that way), with
 * 'View blog' opening the public blog in a new tab.
 */
function DeskNav({ links, label, blogPath, blogLabel = 'View blog' }: { links: DeskLink[]; label: string; blogPath?: string; blogLabel?: string }) {
  const { pathname } = useLocation()
  const scroller = useRef<HTMLElement>(null)
  const current = useRef<HTMLAnchorElement>(null)
  const edges = useScrollEdges(scroller)

  useEffect(() => {
    // Phones show a few tabs at a time: centre the current one in the row. Only the row scrolls
    // (scrollIntoView would move the page too).
    const row = scroller.current
    const tab = current.current
    if (!row || !tab || row.scrollWidth <= row.clientWidth) return
    row.scrollLeft = tab.offsetLeft - (row.clientWidth - tab.offsetWidth) / 2
  }, [pathname])

  return (
    <div className="relative -mx-4 sm:mx-0">
      {/* relative: the tabs' screen-reader texts (absolute) are clipped by the row, not the page */}
      <nav ref={scroller} aria-label={label} className="relative overflow-x-auto px-4 pb-1 [scrollbar-width:thin] sm:px-0">
        <ul className="inline-flex min-w-max items-center gap-1 rounded-xl bg-slate-100 p-1">
          {links.map((l) => {
            const active = isCurrent(pathname, l)
            const Icon = l.icon
            return (
              <li key={l.to}>
                <Link to={l.to} ref={active ? current : undefined} aria-current={active ? 'page' : undefined} className={tab(active)}>
                  <Icon aria-hidden="true" />
                  {l.label}
                </Link>
              </li>
            )
          })}
          {blogPath && (
            <li>
              <a href={blogPath} target="_blank" rel="noopener noreferrer" className={tab(false)}>
                <ExternalLink aria-hidden="true" />
                {blogLabel}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          )}
        </ul>
      </nav>
      <ScrollFade side="start" shown={edges.start} />
      <ScrollFade side="end" shown={edges.end} />
    </div>
  )
}

/** The cue at one end of the tab row that more tabs are hidden that way (decoration only: the tabs are all links). */
function ScrollFade({ side, shown }: { side: 'start' | 'end'; shown: boolean }) {
  if (!shown) return null
  const Icon = side === 'start' ? ChevronLeft : ChevronRight
  return (
    <div
      aria-hidden="true"
      data-scroll-fade={side}
      className={cn(
        'pointer-events-none absolute inset-y-0 flex w-10 items-center pb-1 text-slate-500',
        side === 'start' ? 'left-0 justify-start bg-linear-to-r from-slate-50 from-40% to-transparent pl-0.5' : 'right-0 justify-end bg-linear-to-l from-slate-50 from-40% to-transparent pr-0.5',
      )}
    >
      <Icon className="size-4" />
    </div>
  )
}

/**
 * The desk's section tabs for the signed-in user: the owner's (Dashboard, Posts, Schedule,
 * Categories, Media library, Subscribers, Settings, View blog), or the admin's when an admin opens a shared
 * screen such as /dashboard/posts (admins run the site workspace, whose blog is at '/').
 */
export function SectionNav({ blogPath }: { blogPath?: string }) {
  const { me } = useMe()
  if (me?.isAdmin) {
    const own = !!me.ownBlog && me.workspace?.id === me.ownBlog.id
    return (
      <>
        <DeskNav
          links={ADMIN_LINKS}
          label="Admin sections"
          blogPath={own ? `/blog/${me.ownBlog!.slug}` : '/'}
          blogLabel={own ? 'View blog' : 'View site'}
        />
        {me.ownBlog && <DeskSwitch own={own} name={me.ownBlog.name} />}
      </>
    )
  }
  const path = blogPath ?? (me?.workspace ? `/blog/${me.workspace.slug}` : undefined)
  return <DeskNav links={OWNER_LINKS} label="Dashboard sections" blogPath={path} />
}

/**
 * An admin who owns a blog of their own (one made before admins ran the platform's blog) switches
 * the desk between the two: every desk screen then works on the chosen blog. The page reloads, so
 * no screen keeps the other blog's data.
 */
function DeskSwitch({ own, name }: { own: boolean; name: string }) {
  const [busy, setBusy] = useState(false)
  const change = async (blog: 'site' | 'own') => {
    setBusy(true)
    try {
      await setDesk(blog)
      window.location.assign('/admin/dashboard')
    } catch (err) {
      setBusy(false)
      toast.error('Error', { description: errorMessage(err) })
    }
  }
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
      {own ? (
        <>
          Working on your own blog, <strong className="font-medium text-slate-900">{name}</strong>.
        </>
      ) : (
        'Working on the platform’s blog.'
      )}
      <Button variant="link" size="sm" className="h-auto p-0" disabled={busy} onClick={() => void change(own ? 'site' : 'own')}>
        {busy && <Spinner />}
        {own ? 'Switch to the platform’s blog' : `Switch to ${name}`}
      </Button>
    </p>
  )
}

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
 * Page frame of the admin area (same rhythm as the owner pages): the admin's section tabs, heading,
 * subtitle, and actions that wrap under the heading on phones.
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
      <SectionNav />
      <VerifyBanner />
      <PageHeader eyebrow={eyebrow} title={title} subtitle={subtitle} actions={actions} className="mt-6" />
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
