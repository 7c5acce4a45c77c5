import { useRef, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ImageIcon, Trash2, Upload } from 'lucide-react'
import { toast } from '@/lib/toast'
import { deleteMedia } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { MediaItem } from '@/api/types'
import { EmptyState } from '@/components/EmptyState'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Spinner } from '@/components/ui/spinner'
import { Button } from '@/components/ui/button'
import { LoadingRows, QueryState } from '@/components/ui/query-state'
import { MEDIA_LIMIT, MSG_LIBRARY_FULL, useLibraryUpload, useMediaLibrary } from '@/hooks/useOwner'
import { useErrorToast } from '@/hooks/useErrorToast'
import { usePageMeta } from '@/hooks/usePageMeta'
import { formatShortDate, formatSize } from '@/lib/format'
import { cn } from '@/lib/utils'
import { DeskScreen, type DeskArea } from './DeskScreen'

const GRID = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4'

/**
 * The media library screen's body (/dashboard/media and /admin/media-library): a grid (2 to 4
 * columns) with file name and size, 'Upload Image' (images only, 5 MB, 40 per workspace) and a
 * delete button on hover or keyboard focus, after a question. Counter 'n/40 images'.
 */
export function MediaLibraryPanel() {
  const media = useMediaLibrary()
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const [deleting, setDeleting] = useState<MediaItem | null>(null)
  const items = media.data?.items ?? []
  const limit = media.data?.limit || MEDIA_LIMIT
  const { upload, busy } = useLibraryUpload({ count: items.length, limit, successText: 'Image uploaded.' })

  useErrorToast(media, 'Error fetching media')

  const remove = useMutation({
    mutationFn: (m: MediaItem) => deleteMedia(m.id),
    onSuccess: () => {
      toast.success('Success', { description: 'Image deleted.' })
      setDeleting(null)
      void queryClient.invalidateQueries({ queryKey: qk.media })
    },
    onError: (err) => {
      toast.error('Delete failed', { description: errorMessage(err) })
      setDeleting(null)
    },
  })

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = ''
    await upload(file)
  }

  const full = items.length >= limit
  const uploadButton = (
    <>
      <input
        ref={input}
        id="media-upload"
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Button
        onClick={() => {
          // A full library says so instead of opening the file picker.
          if (full) toast.error(MSG_LIBRARY_FULL.title, { description: MSG_LIBRARY_FULL.description })
          else input.current?.click()
        }}
        disabled={busy || !media.data}
        aria-describedby="media-counter"
      >
        {busy ? <Spinner /> : <Upload aria-hidden="true" />}
        {busy ? 'Uploading...' : 'Upload Image'}
      </Button>
    </>
  )

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p id="media-counter" className={cn('text-sm font-semibold tabular-nums', full ? 'text-red-600' : 'text-slate-800')}>
            {media.data ? `${items.length}/${limit} images` : 'Loading...'}
          </p>
          <p className="text-xs text-slate-500">PNG, JPG, WebP or GIF, up to 5MB each.</p>
        </div>
        {uploadButton}
      </div>

      <QueryState
        query={media}
        loading={<LoadingRows count={8} className={GRID} rowClassName="aspect-square rounded-2xl" />}
        isEmpty={(d) => d.items.length === 0}
        empty={<EmptyState icon={<ImageIcon className="size-6" aria-hidden="true" />} title="No images yet" description="Upload images to use them as featured images of your posts." />}
      >
        {() => (
          <ul className={GRID} aria-label="Images">
            {items.map((m) => (
              <li key={m.id} className="group relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                <div className="aspect-square bg-slate-100">
                  <img src={m.fileUrl} alt={m.fileName} loading="lazy" className="size-full object-cover" />
                </div>
                <div className="px-3 py-2">
                  <p className="truncate text-sm font-medium text-slate-900" title={m.fileName}>
                    {m.fileName}
                  </p>
                  <p className="text-xs text-slate-500">
                    {formatSize(m.fileSize)}
                    {m.createdAt && (
                      <>
                        {' · '}
                        <time dateTime={m.createdAt}>{formatShortDate(m.createdAt)}</time>
                      </>
                    )}
                  </p>
                </div>
                <Button
                  variant="destructive"
                  size="icon"
                  onClick={() => setDeleting(m)}
                  aria-label={`Delete ${m.fileName}`}
                  title="Delete"
                  className="absolute right-2 top-2 size-9 opacity-0 shadow-md transition-opacity focus-visible:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 pointer-coarse:opacity-100"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Are you sure you want to delete this image?"
        description={deleting ? `“${deleting.fileName}” will be removed from your library. This cannot be undone.` : undefined}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  )
}

/** 'Media Library' at /dashboard/media (owners) and /admin/media-library (admins). */
export function MediaLibraryScreen({ area }: { area: DeskArea }) {
  usePageMeta('Media Library')
  return (
    <DeskScreen area={area} ownerPath="/dashboard/media" adminPath="/admin/media-library" title="Media Library" subtitle="Images you can reuse as featured images.">
      {() => <MediaLibraryPanel />}
    </DeskScreen>
  )
}
