/**
 * /dashboard — owner home (placeholder implementation; the owner-area engineer may replace it).
 * Redirects: signed out -> /login, admin -> /admin/dashboard, onboarding not done -> /onboarding.
 */
import { useEffect } from 'react'
import { Link, Navigate } from 'react-router'
import { AlertTriangle, Copy, ExternalLink, FileText, ImageIcon, LayoutGrid, Rss } from 'lucide-react'
import { toast } from 'sonner'
import { errorMessage } from '@/api/client'
import type { Me, Usage } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useWorkspace } from '@/hooks/useWorkspace'
import { useCopy } from '@/hooks/useCopy'
import { usePageMeta } from '@/hooks/usePageMeta'
import { formatLimit } from '@/lib/format'
import { cn } from '@/lib/utils'

function absolute(url: string): string {
  try {
    return new URL(url, window.location.origin).toString()
  } catch {
    return url
  }
}

function UsageCard({ label, used, limit, unlimited, icon: Icon }: { label: string; used: number; limit: number; unlimited: boolean; icon: typeof FileText }) {
  const pct = unlimited || limit <= 0 ? 0 : Math.min(100, Math.round((used / limit) * 100))
  const warn = !unlimited && pct >= 80
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardDescription className="flex items-center gap-2">
          <Icon className="size-4" aria-hidden="true" /> {label}
        </CardDescription>
        <CardTitle className="text-3xl">
          {used} <span className="text-base font-medium text-slate-500">/ {unlimited ? '∞' : formatLimit(limit)}</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div className="h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label={`${label} used`} aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100}>
          <div className={cn('h-full rounded-full', warn ? 'bg-amber-500' : 'bg-indigo-600')} style={{ width: `${pct}%` }} />
        </div>
      </CardContent>
    </Card>
  )
}

function lowUsage(u: Usage): boolean {
  if (u.unlimited) return false
  const near = (used: number, limit: number) => limit > 0 && used / limit >= 0.8
  return near(u.postsGenerated, u.postsLimit) || near(u.imagesGenerated, u.imagesLimit)
}

function OwnerDashboard({ me }: { me: Me }) {
  const ws = useWorkspace()
  const { copy } = useCopy()

  useEffect(() => {
    if (ws.isError) toast.error('Error loading workspace', { description: errorMessage(ws.error) })
  }, [ws.isError, ws.error])

  const data = ws.data
  const name = data?.settings.blogTitle || data?.workspace.name || me.workspace?.name || ''
  const blogUrl = data ? absolute(data.blogUrl) : ''
  const rssUrl = data ? absolute(data.rssUrl) : ''

  return (
    <div className="container-page py-10 sm:py-12">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Dashboard</h1>
          <p className="mt-1 text-slate-600">{name || <Skeleton className="inline-block h-4 w-40 align-middle" />}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/dashboard/all-posts">
              <LayoutGrid aria-hidden="true" /> All posts
            </Link>
          </Button>
          <Button asChild>
            <Link to="/dashboard/posts">
              <FileText aria-hidden="true" /> My Posts
            </Link>
          </Button>
        </div>
      </header>

      {data && lowUsage(data.usage) && (
        <div role="status" className="mt-6 flex items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
          Running low on posts/images. Consider upgrading!
        </div>
      )}

      <section aria-label="Usage" className="mt-8 grid gap-4 md:grid-cols-3">
        {!data ? (
          Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-36 rounded-2xl" />)
        ) : (
          <>
            <UsageCard label="Posts this month" used={data.usage.postsGenerated} limit={data.usage.postsLimit} unlimited={data.usage.unlimited} icon={FileText} />
            <UsageCard label="Images this month" used={data.usage.imagesGenerated} limit={data.usage.imagesLimit} unlimited={data.usage.unlimited} icon={ImageIcon} />
            <Card>
              <CardHeader className="pb-3">
                <CardDescription>Current plan</CardDescription>
                <CardTitle className="text-3xl capitalize">{data.plan?.name || data.workspace.planTier}</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-2">
                {data.usage.trial && <Badge variant="success">Free trial</Badge>}
                {data.usage.unlimited && <Badge>Admin - Unlimited Access</Badge>}
                <Badge variant={data.workspace.status === 'active' ? 'default' : 'secondary'}>{data.workspace.status}</Badge>
              </CardContent>
            </Card>
          </>
        )}
      </section>

      {data && (
        <section aria-labelledby="urls-title" className="mt-8">
          <Card>
            <CardHeader>
              <CardTitle id="urls-title">Your URLs</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              {[
                { label: 'Blog', url: blogUrl, icon: ExternalLink },
                { label: 'RSS feed', url: rssUrl, icon: Rss },
              ].map(({ label, url, icon: Icon }) => (
                <div key={label} className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-50 px-4 py-3">
                  <Icon className="size-4 text-slate-500" aria-hidden="true" />
                  <span className="w-16 text-sm font-medium">{label}</span>
                  <a href={url} target="_blank" rel="noopener noreferrer" className="min-w-0 flex-1 truncate text-sm text-indigo-700 hover:underline">
                    {url}
                  </a>
                  <Button size="sm" variant="outline" onClick={() => copy(url)} aria-label={`Copy ${label} URL`}>
                    <Copy aria-hidden="true" /> Copy
                  </Button>
                </div>
              ))}
            </CardContent>
          </Card>
        </section>
      )}
    </div>
  )
}

function Gate({ me }: { me: Me }) {
  if (me.isAdmin) return <Navigate to="/admin/dashboard" replace />
  if (!me.onboardingCompleted) return <Navigate to="/onboarding" replace />
  return <OwnerDashboard me={me} />
}

export default function Dashboard() {
  usePageMeta('Dashboard')
  return <RequireSession redirectTo="/login">{(me) => <Gate me={me} />}</RequireSession>
}
