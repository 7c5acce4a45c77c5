/** /dashboard/schedule — the owner's 'Post Scheduler' (the screen /admin/schedule shows admins). */
import { ScheduleScreen } from '@/components/owner/SchedulePanel'

export default function OwnerSchedule() {
  return <ScheduleScreen area="owner" />
}
