/**
 * /admin/schedule — 'Post Scheduler': schedule one post (or many with Bulk Schedule) and manage
 * the scheduled posts (retry failed ones, delete). Works on the signed-in user's own workspace.
 */
import { useState } from 'react'
import { CalendarRange } from 'lucide-react'
import { RequireSession } from '@/components/RequireSession'
import { AdminPage, AdminSection, DashboardLogout } from '@/components/admin/AdminLayout'
import { BulkScheduleDialog } from '@/components/admin/BulkScheduleDialog'
import { ScheduleForm } from '@/components/admin/ScheduleForm'
import { ScheduledPostsTable } from '@/components/admin/ScheduledPostsTable'
import { WorkspaceGate } from '@/components/admin/WorkspaceGate'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { usePageMeta } from '@/hooks/usePageMeta'
import { useWorkspaceCategories } from '@/hooks/useWorkspace'

function Scheduler() {
  const categories = useWorkspaceCategories()
  const [bulkOpen, setBulkOpen] = useState(false)
  const cats = categories.data ?? []
  return (
    <>
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle id="schedule-form-title">Schedule a post</CardTitle>
            <CardDescription>The AI writes and publishes it at the chosen time.</CardDescription>
          </div>
          <Button variant="outline" onClick={() => setBulkOpen(true)}>
            <CalendarRange aria-hidden="true" /> Bulk Schedule
          </Button>
        </CardHeader>
        <CardContent>
          <ScheduleForm categories={cats} loadingCategories={categories.isLoading} />
        </CardContent>
      </Card>

      <AdminSection id="scheduled-posts" title="Scheduled Posts" description="Soonest first.">
        <ScheduledPostsTable categories={cats} />
      </AdminSection>

      <BulkScheduleDialog open={bulkOpen} onOpenChange={setBulkOpen} />
    </>
  )
}

export default function AdminSchedule() {
  usePageMeta('Post Scheduler')
  return (
    <RequireSession redirectTo="/admin/login">
      {() => (
        <AdminPage title="Post Scheduler" subtitle="Plan your posts ahead, one at a time or a month at once." actions={<DashboardLogout />}>
          <WorkspaceGate>{() => <Scheduler />}</WorkspaceGate>
        </AdminPage>
      )}
    </RequireSession>
  )
}
