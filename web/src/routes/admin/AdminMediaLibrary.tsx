/**
 * /admin/media-library — the site workspace's image library with Dashboard and Logout. Owners are
 * sent to /dashboard/media (same screen).
 */
import { MediaLibraryScreen } from '@/components/owner/MediaLibraryPanel'

export default function AdminMediaLibrary() {
  return <MediaLibraryScreen area="admin" />
}
