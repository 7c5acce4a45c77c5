/**
 * /dashboard — the owner's home: drafts to review, usage (posts, images, newsletter e-mails), plan,
 * whether e-mail is sent or written to the outbox, recent generations, blog and RSS
 * URLs, shortcuts, a summary of the blog settings (edited at /dashboard/settings) and the
 * generate-post dialog.
 * Redirects: signed out -> /login, admin -> /admin/dashboard, onboarding not done -> /onboarding.
 */
import { useState, type ComponentType, type ReactNode } from 'react'
import { Link, Navigate } from 'react-router'
import { CalendarClock, ExternalLink, FileText, LayoutGrid, Mail, PenLine, Rss, Settings2, Sparkles } from 'lucide-react'
import type { Me, WorkspaceResponse } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { ErrorBlock } from '@/components/ErrorBlock'
import { CopyField } from '@/components/ui/copy-field'
import { GenerateDialog } from '@/features/generate/GenerateDialog'
import { DraftsNotice } from '@/components/owner/DraftsNotice'
import { JobsList } from '@/components/owner/JobsList'
import { OwnerPage } from '@/components/owner/OwnerLayout'
import { UsageOverview } from '@/components/owner/UsageOverview'
import { TEMPLATES } from '@/components/owner/settings'
import { safeHex } from '@/lib/color'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { usePageMeta } from '@/hooks/usePageMeta'
import { useWorkspace } from '@/hooks/useWorkspace'
import { useErrorToast } from '@/hooks/useErrorToast'
import { NEW_POST_PATH } from '@/components/owner/desk'
import { cn } from '@/lib/utils'

function Shortcut({
  icon: Icon,
  title,
  text,
  to,
  href,
  onClick,
  className,
}: {
  icon: ComponentType<{ className?: string }>
  title: string
  text: string
  to?: string
  href?: string
  onClick?: () => void
  className?: string
}) {
  const cls = cn(
    className,
    'group flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-left transition hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
  )
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

function SettingsSummary({ data }: { data: WorkspaceResponse }) {
  const { settings } = data
  const template = TEMPLATES.find((t) => t.id === settings.templateId)?.name ?? 'Modern'
  const color = safeHex(settings.primaryColor)
  const rows: [string, ReactNode][] = [
    ['Title', settings.blogTitle || data.workspace.name],
    ['Template', template],
    ['Font', settings.fontFamily || 'Inter'],
    [
      'Colour',
      <span key="c" className="inline-flex items-center gap-2">
        <span className="size-4 rounded-full ring-1 ring-black/10" style={{ background: color }} aria-hidden="true" />
        <span className="font-mono text-xs uppercase">{color}</span>
      </span>,
    ],
    ['AI posts', settings.reviewAiPosts ? 'Saved as drafts for you to review' : 'Published when they are written'],
  ]
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Blog settings</CardTitle>
          <CardDescription>How your public blog looks to readers.</CardDescription>
        </div>
        <Button asChild variant="outline">
          <Link to="/dashboard/settings">
            <Settings2 aria-hidden="true" /> Edit settings
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-medium uppercase tracking-wider text-slate-500">{label}</dt>
              <dd className="mt-0.5 truncate text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}

function OwnerDashboard({ me }: { me: Me }) {
  const ws = useWorkspace()
  const [generateOpen, setGenerateOpen] = useState(false)

  useErrorToast(ws, 'Error loading workspace')

  const data = ws.data
  const firstName = me.user?.name.trim().split(/\s+/)[0] ?? ''
  const slug = data?.workspace.slug ?? me.workspace?.slug ?? ''
  const blogPath = data ? pathOf(data.blogUrl) : slug ? `/blog/${slug}` : undefined

  return (
    <OwnerPage
      title="Dashboard"
      subtitle={firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'}
      blogPath={blogPath}
      actions={
        <>
          <Button asChild variant="outline">
            <Link to={NEW_POST_PATH}>
              <PenLine aria-hidden="true" /> New post
            </Link>
          </Button>
          <Button onClick={() => setGenerateOpen(true)}>
            <Sparkles aria-hidden="true" /> Generate post
          </Button>
        </>
      }
    >
      {ws.isError && !data ? (
        <ErrorBlock error={ws.error} onRetry={() => void ws.refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-6">
          {data && <DraftsNotice drafts={data.drafts} />}

          <UsageOverview data={data} isAdmin={me.isAdmin} />

          <JobsList />

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
                <Shortcut icon={PenLine} title="New post" text="Write one yourself" to={NEW_POST_PATH} />
                <Shortcut icon={Sparkles} title="Generate post" text="Write one with AI" onClick={() => setGenerateOpen(true)} />
                <Shortcut icon={CalendarClock} title="Schedule posts" text="Plan a month ahead" to="/dashboard/schedule" />
                <Shortcut icon={Mail} title="Subscribers" text="Your newsletter readers" to="/dashboard/subscribers" />
                <Shortcut icon={ExternalLink} title="View blog" text="Opens in a new tab" href={blogPath} className="sm:col-span-2" />
              </CardContent>
            </Card>
          </div>

          {data ? <SettingsSummary data={data} /> : <Skeleton className="h-48 rounded-2xl" />}
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
