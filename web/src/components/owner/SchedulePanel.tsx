import { useState } from 'react'
import { Link } from 'react-router'
import { CalendarRange } from 'lucide-react'
import type { WorkspaceResponse } from '@/api/types'
import { AdminSection } from '@/components/admin/AdminLayout'
import { BulkScheduleDialog } from '@/components/admin/BulkScheduleDialog'
import { ScheduleForm } from '@/components/admin/ScheduleForm'
import { ScheduledPostsTable } from '@/components/admin/ScheduledPostsTable'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useWorkspaceCategories } from '@/hooks/useWorkspace'
import { usePageMeta } from '@/hooks/usePageMeta'
import { DeskScreen, type DeskArea } from './DeskScreen'

/**
 * The 'Post Scheduler' screen's body (/dashboard/schedule and /admin/schedule): schedule one post
 * (or many with Bulk Schedule) and manage the scheduled posts (retry failed ones, delete).
 */
export function SchedulePanel({ data }: { data: WorkspaceResponse }) {
  const categories = useWorkspaceCategories()
  const [bulkOpen, setBulkOpen] = useState(false)
  const cats = categories.data ?? []
  const review = data.settings.reviewAiPosts
  return (
    <>
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle id="schedule-form-title">Schedule a post</CardTitle>
            <CardDescription>
              {review ? (
                <>
                  The AI writes it at the chosen time and saves it as a draft for you to review (
                  <Link to="/dashboard/settings" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                    settings
                  </Link>
                  ).
                </>
              ) : (
                'The AI writes and publishes it at the chosen time.'
              )}
            </CardDescription>
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

/** 'Post Scheduler' at /dashboard/schedule (owners) and /admin/schedule (admins). */
export function ScheduleScreen({ area }: { area: DeskArea }) {
  usePageMeta('Post Scheduler')
  return (
    <DeskScreen
      area={area}
      ownerPath="/dashboard/schedule"
      adminPath="/admin/schedule"
      title="Post Scheduler"
      subtitle="Plan your posts ahead, one at a time or a month at once."
    >
      {(data) => <SchedulePanel data={data} />}
    </DeskScreen>
  )
}
