/** /dashboard/subscribers — the blog's newsletter list (the screen /admin/subscribers shows admins). */
import { SubscribersScreen } from '@/features/subscribers/SubscribersScreen'

export default function OwnerSubscribers() {
  return <SubscribersScreen area="owner" />
}
