/**
 * /admin/dashboard (placeholder implementation; the admin-area engineer replaces it with the
 * posts table, dialogs and bulk actions). Works on the signed-in user's own workspace.
 */
import { Link } from 'react-router'
import { CalendarClock, Check, Copy, FolderTree, ImageIcon, Users } from 'lucide-react'
import type { Me } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useWorkspaceCategories } from '@/hooks/useWorkspace'
import { useCopy } from '@/hooks/useCopy'
import { usePageMeta } from '@/hooks/usePageMeta'

const SHORTCUTS = [
  { to: '/admin/users', label: 'Manage Users', icon: Users },
  { to: '/admin/schedule', label: 'Schedule Posts', icon: CalendarClock },
  { to: '/admin/categories', label: 'Manage Categories', icon: FolderTree },
  { to: '/admin/media-library', label: 'Media Library', icon: ImageIcon },
]

function Panel({ me }: { me: Me }) {
  const categories = useWorkspaceCategories()
  const { copy, copied } = useCopy()
  const ws = me.workspace?.slug ?? ''
  const base = `${window.location.origin}/blog/${encodeURIComponent(ws)}/feed.xml`
  const feeds = [
    { label: 'All posts', url: base },
    ...(categories.data ?? []).map((c) => ({ label: c.name, url: `${base}?category=${encodeURIComponent(c.slug)}` })),
  ]

  return (
    <div className="container-page py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Admin Dashboard</h1>
      <p className="mt-1 text-slate-600">{me.workspace?.name}</p>
      <nav aria-label="Admin" className="mt-6 flex flex-wrap gap-2">
        {SHORTCUTS.map(({ to, label, icon: Icon }) => (
          <Button key={to} asChild variant="outline">
            <Link to={to}>
              <Icon aria-hidden="true" /> {label}
            </Link>
          </Button>
        ))}
      </nav>
      <Card className="mt-8">
        <CardHeader>
          <CardTitle>RSS feeds</CardTitle>
          <CardDescription>Paste these into your social media scheduler.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          {categories.isLoading && <Skeleton className="h-12 rounded-xl" />}
          {ws &&
            feeds.map((f) => (
              <div key={f.url} className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-50 px-4 py-2.5">
                <span className="w-32 text-sm font-medium">{f.label}</span>
                <code className="min-w-0 flex-1 truncate text-xs text-slate-600">{f.url}</code>
                <Button size="sm" variant="outline" onClick={() => copy(f.url)} aria-label={`Copy ${f.label} feed URL`}>
                  {copied === f.url ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                  {copied === f.url ? 'Copied!' : 'Copy'}
                </Button>
              </div>
            ))}
        </CardContent>
      </Card>
    </div>
  )
}

export default function AdminDashboard() {
  usePageMeta('Admin Dashboard')
  return <RequireSession redirectTo="/admin/login">{(me) => <Panel me={me} />}</RequireSession>
}
