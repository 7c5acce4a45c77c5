/** /dashboard/media — the owner's media library (the screen /admin/media-library shows admins). */
import { MediaLibraryScreen } from '@/components/owner/MediaLibraryPanel'

export default function OwnerMediaLibrary() {
  return <MediaLibraryScreen area="owner" />
}
