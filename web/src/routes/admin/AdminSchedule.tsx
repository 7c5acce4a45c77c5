/**
 * /admin/schedule — 'Post Scheduler' with Dashboard and Logout: schedule one post (or many with
 * Bulk Schedule) and manage the scheduled posts of the site workspace. Owners are sent to
 * /dashboard/schedule (same screen).
 */
import { ScheduleScreen } from '@/components/owner/SchedulePanel'

export default function AdminSchedule() {
  return <ScheduleScreen area="admin" />
}
