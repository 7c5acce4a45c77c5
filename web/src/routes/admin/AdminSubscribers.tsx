/** /admin/subscribers — the site blog's newsletter list. Owners are sent to /dashboard/subscribers (same screen). */
import { SubscribersScreen } from '@/features/subscribers/SubscribersScreen'

export default function AdminSubscribers() {
  return <SubscribersScreen area="admin" />
}
