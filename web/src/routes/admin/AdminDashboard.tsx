/**
 * /admin/dashboard — the admin's desk on the site workspace: drafts to review, usage ('Admin -
 * Unlimited Access', infinity), recent generations, shortcuts (Manage Users, Schedule Posts,
 * Manage Categories, Media Library, Subscribers, All posts), the RSS feed URLs with Copy, and the blog posts
 * table with search, status and category filters, bulk delete, share and delete; dialogs Generate
 * New Post and Bulk Schedule.
 * Signed out: /admin/login; owners are sent to their own /dashboard.
 */
import { useState } from 'react'
import { Link, Navigate } from 'react-router'
import { CalendarClock, CalendarRange, FolderTree, ImageIcon, LayoutGrid, Mail, Rss, Sparkles, Users } from 'lucide-react'
import type { WorkspaceResponse } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { AdminPage, AdminSection } from '@/components/admin/AdminLayout'
import { BulkScheduleDialog } from '@/components/admin/BulkScheduleDialog'
import { WorkspaceGate } from '@/components/admin/WorkspaceGate'
import { DraftsNotice } from '@/components/owner/DraftsNotice'
import { JobsList } from '@/components/owner/JobsList'
import { NewPostButton } from '@/components/owner/NewPostButton'
import { UsageOverview } from '@/components/owner/UsageOverview'
import { CopyField } from '@/components/ui/copy-field'
import { GenerateDialog } from '@/features/generate/GenerateDialog'
import { PostsTable } from '@/components/workspace/PostsTable'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { usePageMeta } from '@/hooks/usePageMeta'
import { usePostsTable } from '@/hooks/usePostsTable'
import { useWorkspaceCategories } from '@/hooks/useWorkspace'

const SHORTCUTS = [
  { to: '/admin/users', label: 'Manage Users', icon: Users },
  { to: '/admin/schedule', label: 'Schedule Posts', icon: CalendarClock },
  { to: '/admin/categories', label: 'Manage Categories', icon: FolderTree },
  { to: '/admin/media-library', label: 'Media Library', icon: ImageIcon },
  { to: '/admin/subscribers', label: 'Subscribers', icon: Mail },
  { to: '/admin/all-posts', label: 'All posts', icon: LayoutGrid },
]

/** The feed of all posts plus one per category of the workspace. */
function Feeds({ rssUrl }: { rssUrl: string }) {
  const categories = useWorkspaceCategories()
  const withCategory = (slug: string) => `${rssUrl}${rssUrl.includes('?') ? '&' : '?'}category=${encodeURIComponent(slug)}`
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Rss className="size-5 text-orange-500" aria-hidden="true" /> RSS feeds
        </CardTitle>
        <CardDescription>Paste these into your social media scheduler: one for all posts and one per category.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <CopyField label="All posts" url={rssUrl} icon={Rss} wrap />
        {categories.isLoading && <Skeleton className="h-16 rounded-xl" />}
        {(categories.data ?? []).map((c) => (
          <CopyField key={c.slug} label={c.name} url={withCategory(c.slug)} icon={Rss} wrap />
        ))}
      </CardContent>
    </Card>
  )
}

function Panel({ data }: { data: WorkspaceResponse }) {
  const table = usePostsTable()
  const [generateOpen, setGenerateOpen] = useState(false)
  const [bulkOpen, setBulkOpen] = useState(false)

  const generateButton = (
    <Button onClick={() => setGenerateOpen(true)}>
      <Sparkles aria-hidden="true" /> Generate New Post
    </Button>
  )

  return (
    <>
      <div className="grid grid-cols-1 gap-6">
        <DraftsNotice drafts={data.drafts} />
        <UsageOverview data={data} isAdmin />
        <JobsList />
      </div>

      <div role="group" aria-label="Shortcuts" className="mt-8 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {SHORTCUTS.map(({ to, label, icon: Icon }) => (
          <Button key={to} asChild variant="outline" className="h-auto min-h-10 justify-start whitespace-normal py-2 text-left sm:justify-center">
            <Link to={to}>
              <Icon aria-hidden="true" /> {label}
            </Link>
          </Button>
        ))}
      </div>

      <div className="mt-8">
        <Feeds rssUrl={data.rssUrl} />
      </div>

      <AdminSection
        id="blog-posts"
        title="Blog posts"
        description={table.summary}
        actions={
          <>
            <Button variant="outline" onClick={() => setBulkOpen(true)}>
              <CalendarRange aria-hidden="true" /> Bulk Schedule
            </Button>
            <NewPostButton />
            {generateButton}
          </>
        }
      >
        <PostsTable table={table} caption="Blog posts" emptyTitle="No posts yet. Generate your first one!" emptyAction={generateButton} />
      </AdminSection>

      <GenerateDialog open={generateOpen} onOpenChange={setGenerateOpen} title="Generate New Post" />
      <BulkScheduleDialog open={bulkOpen} onOpenChange={setBulkOpen} />
    </>
  )
}

export default function AdminDashboard() {
  usePageMeta('Admin Dashboard')
  return (
    <RequireSession redirectTo="/admin/login">
      {(me) =>
        me.isAdmin ? (
          <AdminPage title="Admin Dashboard" subtitle={me.user ? `Signed in as ${me.user.email}` : undefined}>
            <WorkspaceGate>{(data) => <Panel data={data} />}</WorkspaceGate>
          </AdminPage>
        ) : (
          <Navigate to="/dashboard" replace />
        )
      }
    </RequireSession>
  )
}
