import { useRef } from 'react'
import { Check, ImageIcon, Upload } from 'lucide-react'
import type { MediaItem } from '@/api/types'
import { errorMessage } from '@/api/client'
import { Button } from '@/components/ui/button'
import { LoadingRows, QueryState } from '@/components/ui/query-state'
import { useLibraryUpload, useMediaLibrary } from '@/hooks/useOwner'
import { formatSize } from '@/lib/format'
import { cn } from '@/lib/utils'
import { Spinner } from '@/components/ui/spinner'

/** Adds an image to the library (the media-upload rules and toasts) and selects it. */
function LibraryUpload({ count, limit, disabled, onAdded }: { count: number; limit: number; disabled: boolean; onAdded: (m: MediaItem) => void }) {
  const input = useRef<HTMLInputElement>(null)
  const { upload, busy } = useLibraryUpload({ count, limit })
  const full = count >= limit

  async function onFile(file: File | undefined) {
    if (input.current) input.current.value = ''
    const item = await upload(file)
    if (item) onAdded(item)
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
      <span>
        {count}/{limit} images
      </span>
      <input ref={input} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(e) => void onFile(e.target.files?.[0])} />
      <Button type="button" size="sm" variant="outline" disabled={disabled || busy || full} onClick={() => input.current?.click()}>
        {busy ? <Spinner /> : <Upload className="size-4" aria-hidden="true" />}
        {full ? 'Library full' : 'Upload to library'}
      </Button>
    </div>
  )
}

/** Choose one image of the workspace's media library (a radio group of thumbnails). */
export function MediaPicker({
  value,
  onChange,
  disabled = false,
  error,
}: {
  value: number | null
  onChange: (item: MediaItem) => void
  disabled?: boolean
  error?: string
}) {
  const media = useMediaLibrary()
  const items = media.data?.items ?? []
  const upload = (
    <LibraryUpload count={items.length} limit={media.data?.limit ?? 40} disabled={disabled} onAdded={onChange} />
  )

  return (
    <QueryState
      query={media}
      loading={<LoadingRows count={4} className="grid grid-cols-3 gap-2 sm:grid-cols-4" rowClassName="aspect-square rounded-lg" label="Loading your library" />}
      error={(err, retry) => (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <span className="flex-1">Error fetching media: {errorMessage(err)}</span>
          <Button size="sm" variant="outline" onClick={retry}>
            Try again
          </Button>
        </div>
      )}
      isEmpty={(d) => d.items.length === 0}
      empty={
        <div className="grid gap-1.5">
          <p className={cn('flex items-center gap-3 rounded-xl border border-dashed px-4 py-5 text-sm text-slate-600', error ? 'border-red-400' : 'border-slate-300')}>
            <ImageIcon className="size-5 text-slate-400" aria-hidden="true" />
            No images in your library yet.
          </p>
          {error && <p className="text-xs font-medium text-red-600">{error}</p>}
          {upload}
        </div>
      }
    >
      {() => (
        <div className="grid gap-1.5">
          {/* The scroll box is its own element around the grid: a grid that scrolls itself fits its
              rows into the box's height, and square tiles then overlap the next row. */}
          <div data-testid="media-scroll" className="max-h-64 overflow-y-auto overscroll-contain rounded-lg">
            <div
              role="radiogroup"
              aria-label="Media library"
              aria-invalid={error ? true : undefined}
              className="grid grid-cols-3 content-start gap-2 p-1 sm:grid-cols-4"
            >
              {items.map((m) => {
                const on = m.id === value
                return (
                  <button
                    key={m.id}
                    type="button"
                    role="radio"
                    aria-checked={on}
                    aria-label={`${m.fileName} (${formatSize(m.fileSize)})`}
                    title={`${m.fileName} · ${formatSize(m.fileSize)}`}
                    disabled={disabled}
                    onClick={() => onChange(m)}
                    className={cn(
                      'group relative aspect-square overflow-hidden rounded-lg bg-slate-100 ring-offset-2 transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-60',
                      on ? 'ring-2 ring-brand-600' : 'hover:opacity-90',
                    )}
                  >
                    <img src={m.fileUrl} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
                    {on && (
                      <span className="absolute right-1 top-1 inline-flex size-5 items-center justify-center rounded-full bg-brand-600 text-white shadow">
                        <Check className="size-3" aria-hidden="true" />
                      </span>
                    )}
                  </button>
                )
              })}
            </div>
          </div>
          {error && <p className="text-xs font-medium text-red-600">{error}</p>}
          {upload}
        </div>
      )}
    </QueryState>
  )
}
