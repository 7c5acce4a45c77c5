import { Link, NavLink } from 'react-router'
import { ChevronDown, LayoutDashboard, LogOut, Menu, ShieldCheck } from 'lucide-react'
import { Logo } from './Logo'
import { Button } from './ui/button'
import { LinkMenu, SidePanel } from './nav/LazyMenus'
import { Skeleton } from './ui/skeleton'
import { useMe, type AuthState } from '@/hooks/useMe'
import { useCategories } from '@/hooks/usePublic'
import { useLogout } from '@/hooks/useLogout'
import type { Category } from '@/api/types'
import { safeHex } from '@/lib/color'
import { cn } from '@/lib/utils'
import { useSearchTarget } from '@/components/nav/searchTarget'

const MAIN_LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/posts', label: 'All posts', end: false },
]

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  )

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
  )

function Dot({ color }: { color: string }) {
  return <span className="size-2.5 shrink-0 rounded-full" style={{ background: safeHex(color) }} aria-hidden="true" />
}

function CategoriesMenu({ categories }: { categories: Category[] }) {
  return (
    <LinkMenu
      label="Browse by topic"
      trigger={
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=open]:bg-slate-100"
        >
          Categories
          <ChevronDown className="size-4 opacity-70" aria-hidden="true" />
        </button>
      }
      links={categories.map((c) => ({
        to: `/${c.slug}`,
        content: (
          <>
            <Dot color={c.colorHex} />
            {c.name}
          </>
        ),
      }))}
    />
  )
}

function AuthButtons({
  state,
  onNavigate,
  onLogout,
  loggingOut,
  stacked = false,
}: {
  state: AuthState
  onNavigate?: () => void
  onLogout: () => void
  loggingOut: boolean
  stacked?: boolean
}) {
  const wide = stacked ? 'w-full' : ''
  if (state === 'unknown') {
    return <Skeleton className={cn('h-9', stacked ? 'w-full' : 'w-40')} />
  }
  if (state === 'visitor') {
    return (
      <>
        <Button asChild variant="outline" size="sm" className={cn('h-9 px-4 tracking-wide', wide)}>
          <Link to="/admin/login" onClick={onNavigate}>
            LOGIN
          </Link>
        </Button>
        <Button asChild size="sm" className={cn('h-9 px-4 tracking-wide', wide)}>
          <Link to="/admin/signup" onClick={onNavigate}>
            SIGNUP
          </Link>
        </Button>
      </>
    )
  }
  return (
    <>
      {state === 'admin' ? (
        <Button asChild size="sm" className={cn('h-9 px-4 tracking-wide', wide)}>
          <Link to="/admin/dashboard" onClick={onNavigate}>
            <ShieldCheck aria-hidden="true" />
            ADMIN
          </Link>
        </Button>
      ) : (
        <Button asChild size="sm" className={cn('h-9 px-4 tracking-wide', wide)}>
          <Link to="/dashboard" onClick={onNavigate}>
            <LayoutDashboard aria-hidden="true" />
            DASHBOARD
          </Link>
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        className={cn('h-9', wide)}
        onClick={() => {
          onNavigate?.()
          onLogout()
        }}
        disabled={loggingOut}
      >
        <LogOut aria-hidden="true" />
        Logout
      </Button>
    </>
  )
}

export function Navbar() {
  const { state } = useMe()
  const { data: categories = [] } = useCategories()
  const logout = useLogout()
  const searchTarget = useSearchTarget()

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md supports-[backdrop-filter]:bg-white/75">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {MAIN_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={desktopLink}>
              {l.label}
            </NavLink>
          ))}
          {categories.length > 0 && <CategoriesMenu categories={categories} />}
          <NavLink to="/about" className={desktopLink}>
            About
          </NavLink>
          <NavLink to={searchTarget} className={desktopLink}>
            Search
          </NavLink>
        </nav>

        {/* data-session: this part shows the visitor's session, which the server never knows (it renders it as unknown). */}
        <div className="hidden items-center gap-2 md:flex" data-session="">
          <AuthButtons state={state} onLogout={() => logout.mutate()} loggingOut={logout.isPending} />
        </div>

        <SidePanel
          title="Menu"
          trigger={
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
              <Menu className="size-6" aria-hidden="true" />
            </Button>
          }
        >
          {(close) => (
            <>
              <div className="flex h-16 items-center border-b border-slate-200 px-4">
                <Logo onClick={close} />
              </div>
              <nav aria-label="Mobile" className="flex flex-1 flex-col gap-1 overflow-y-auto p-4">
                {MAIN_LINKS.map((l) => (
                  <NavLink key={l.to} to={l.to} end={l.end} className={mobileLink} onClick={close}>
                    {l.label}
                  </NavLink>
                ))}
                {categories.length > 0 && (
                  <div className="mt-3">
                    <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-500">Categories</p>
                    {categories.map((c) => (
                      <NavLink key={c.slug} to={`/${c.slug}`} className={mobileLink} onClick={close}>
                        <Dot color={c.colorHex} />
                        {c.name}
                      </NavLink>
                    ))}
                  </div>
                )}
                <NavLink to="/about" className={(s) => cn(mobileLink(s), 'mt-3')} onClick={close}>
                  About
                </NavLink>
                <NavLink to={searchTarget} className={mobileLink} onClick={close}>
                  Search
                </NavLink>
              </nav>
              <div className="flex flex-col gap-2 border-t border-slate-200 p-4" data-session="">
                <AuthButtons
                  state={state}
                  onNavigate={close}
                  onLogout={() => logout.mutate()}
                  loggingOut={logout.isPending}
                  stacked
                />
              </div>
            </>
          )}
        </SidePanel>
      </div>
    </header>
  )
}
