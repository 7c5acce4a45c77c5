import { DeskScreen, type DeskArea } from '@/components/owner/DeskScreen'
import { usePageMeta } from '@/hooks/usePageMeta'
import { SubscribersPanel } from './SubscribersPanel'

export const OWNER_SUBSCRIBERS_PATH = '/dashboard/subscribers'
export const ADMIN_SUBSCRIBERS_PATH = '/admin/subscribers'

/** 'Subscribers' at /dashboard/subscribers (owners) and /admin/subscribers (admins: the site blog's list). */
export function SubscribersScreen({ area }: { area: DeskArea }) {
  usePageMeta('Subscribers')
  return (
    <DeskScreen
      area={area}
      ownerPath={OWNER_SUBSCRIBERS_PATH}
      adminPath={ADMIN_SUBSCRIBERS_PATH}
      title="Subscribers"
      subtitle="Readers who get your new posts by e-mail."
    >
      {() => <SubscribersPanel />}
    </DeskScreen>
  )
}
