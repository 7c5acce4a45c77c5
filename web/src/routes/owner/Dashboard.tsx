/**
 * /dashboard — the owner's home: usage, plan, blog and RSS URLs, shortcuts, blog settings and the
 * generate-post dialog. Redirects: signed out -> /login, admin -> /admin/dashboard,
 * onboarding not done -> /onboarding.
 */
import { useState, type ComponentType } from 'react'
import { Link, Navigate } from 'react-router'
import { AlertTriangle, ExternalLink, FileText, ImageIcon, LayoutGrid, Rss, Sparkles } from 'lucide-react'
import type { Me, WorkspaceResponse } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { ErrorBlock } from '@/components/ErrorBlock'
import { BlogSettingsForm } from '@/components/owner/BlogSettingsForm'
import { CopyField } from '@/components/ui/copy-field'
import { GenerateDialog } from '@/features/generate/GenerateDialog'
import { OwnerPage } from '@/components/owner/OwnerLayout'
import { UsageCard } from '@/components/owner/UsageCard'
import { USAGE_WARNING, showUsageWarning } from '@/lib/usage'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { usePageMeta } from '@/hooks/usePageMeta'
import { useWorkspace, useWorkspaceCategories } from '@/hooks/useWorkspace'
import { formatLimit } from '@/lib/format'
import { cn } from '@/lib/utils'
import { useErrorToast } from '@/hooks/useErrorToast'

function PlanCard({ data, isAdmin }: { data: WorkspaceResponse; isAdmin: boolean }) {
  const { plan, usage, workspace } = data
  const admin = isAdmin || workspace.planTier === 'admin'
  const name = admin ? 'Admin - Unlimited Access' : plan?.name || workspace.planTier
  return (
    <Card className="flex flex-col">
      <CardHeader className="pb-3">
        <CardDescription className="font-medium">Current plan</CardDescription>
        <CardTitle className={cn('capitalize', admin ? 'text-xl' : 'text-3xl')}>{name}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          {usage.trial && <Badge variant="success">Free trial</Badge>}
          <Badge variant={workspace.status === 'active' ? 'default' : 'secondary'} className="capitalize">
            {workspace.status}
          </Badge>
        </div>
        {!admin && plan && (
          <p className="text-xs text-slate-500">
            {usage.trial ? 'Trial allowance this month. ' : ''}
            {plan.maxCategories > 0 ? `Up to ${plan.maxCategories} categories. ` : 'Unlimited categories. '}
            {plan.postsPerMonth > 0 && `${formatLimit(plan.postsPerMonth)} posts and ${formatLimit(plan.imagesPerMonth)} images a month.`}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

function Shortcut({
  icon: Icon,
  title,
  text,
  to,
  href,
  onClick,
}: {
  icon: ComponentType<{ className?: string }>
  title: string
  text: string
  to?: string
  href?: string
  onClick?: () => void
}) {
  const cls =
    'group flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-left transition hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500'
  const body = (
    <>
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 transition group-hover:bg-brand-100">
        <Icon className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-semibold text-slate-900">{title}</span>
        <span className="block truncate text-xs text-slate-500">{text}</span>
      </span>
    </>
  )
  if (to) {
    return (
      <Link to={to} className={cls}>
        {body}
      </Link>
    )
  }
  if (href) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={cls}>
        {body}
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    )
  }
  return (
    <button type="button" onClick={onClick} className={cls}>
      {body}
    </button>
  )
}

function pathOf(url: string): string {
  try {
    const u = new URL(url, window.location.origin)
    return u.origin === window.location.origin ? u.pathname + u.search : u.toString()
  } catch {
    return url
  }
}

function OwnerDashboard({ me }: { me: Me }) {
  const ws = useWorkspace()
  const categories = useWorkspaceCategories()
  const [generateOpen, setGenerateOpen] = useState(false)

  useErrorToast(ws, 'Error loading workspace')

  const data = ws.data
  const firstName = me.user?.name.trim().split(/\s+/)[0] ?? ''
  const slug = data?.workspace.slug ?? me.workspace?.slug ?? ''
  const blogPath = data ? pathOf(data.blogUrl) : slug ? `/blog/${slug}` : undefined
  const unlimited = me.isAdmin || Boolean(data?.usage.unlimited)

  return (
    <OwnerPage
      title="Dashboard"
      subtitle={firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'}
      blogPath={blogPath}
      actions={
        <Button onClick={() => setGenerateOpen(true)}>
          <Sparkles aria-hidden="true" /> Generate post
        </Button>
      }
    >
      {ws.isError && !data ? (
        <ErrorBlock error={ws.error} onRetry={() => void ws.refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-6">
          {data && !unlimited && showUsageWarning(data.usage) && (
            <div role="status" className="flex items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
              <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
              {USAGE_WARNING}
            </div>
          )}

          <section aria-label="Usage" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {!data ? (
              Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className={cn('h-40 rounded-2xl', i === 2 && 'sm:col-span-2 lg:col-span-1')} />)
            ) : (
              <>
                <UsageCard label="Posts this month" used={data.usage.postsGenerated} limit={data.usage.postsLimit} unlimited={unlimited} icon={FileText} />
                <UsageCard label="Images this month" used={data.usage.imagesGenerated} limit={data.usage.imagesLimit} unlimited={unlimited} icon={ImageIcon} />
                <div className="sm:col-span-2 lg:col-span-1">
                  <PlanCard data={data} isAdmin={me.isAdmin} />
                </div>
              </>
            )}
          </section>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Your blog</CardTitle>
                <CardDescription>Share your blog, or paste the feed into a social media scheduler.</CardDescription>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-4">
                {!data ? (
                  <>
                    <Skeleton className="h-16 rounded-xl" />
                    <Skeleton className="h-16 rounded-xl" />
                  </>
                ) : (
                  <>
                    <CopyField label="Blog URL" url={data.blogUrl} icon={ExternalLink} />
                    <CopyField label="RSS feed URL" url={data.rssUrl} icon={Rss} />
                  </>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Shortcuts</CardTitle>
                <CardDescription>Jump to what you need.</CardDescription>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                <Shortcut icon={FileText} title="My Posts" text="Edit, share and delete" to="/dashboard/posts" />
                <Shortcut icon={LayoutGrid} title="All posts" text="See them as readers do" to="/dashboard/all-posts" />
                <Shortcut icon={ExternalLink} title="View blog" text="Opens in a new tab" href={blogPath} />
                <Shortcut icon={Sparkles} title="Generate post" text="Write one with AI" onClick={() => setGenerateOpen(true)} />
              </CardContent>
            </Card>
          </div>

          {data ? (
            <BlogSettingsForm key={data.workspace.id} settings={data.settings} slug={data.workspace.slug} categories={categories.data} />
          ) : (
            <Skeleton className="h-96 rounded-2xl" />
          )}
        </div>
      )}
      <GenerateDialog open={generateOpen} onOpenChange={setGenerateOpen} />
    </OwnerPage>
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
