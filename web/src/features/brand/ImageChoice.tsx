import { useState } from 'react'
import { ImageIcon, Library, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ImageUpload } from '@/components/ui/image-upload'
import { MediaPicker } from '@/components/workspace/MediaPicker'
import { cn } from '@/lib/utils'

/**
 * One image of the workspace, chosen from the media library (the cover panel's picker) or
 * uploaded, and removable ("" for none).
 */
export function ImageChoice({
  id,
  label,
  hint,
  value,
  onChange,
  onBusyChange,
  shape = 'wide',
}: {
  id: string
  label: string
  hint?: string
  value: string
  onChange: (url: string) => void
  onBusyChange?: (busy: boolean) => void
  /** How the preview is cut: wide (1200x630), square, or round (an avatar). */
  shape?: 'wide' | 'square' | 'round'
}) {
  const [library, setLibrary] = useState(false)
  const frame = cn(
    'shrink-0 bg-slate-100 object-contain ring-1 ring-slate-200',
    shape === 'wide' ? 'aspect-[1200/630] w-40 rounded-lg' : 'size-16',
    shape === 'round' ? 'rounded-full object-cover' : shape === 'square' ? 'rounded-lg' : '',
  )
  return (
    <div className="grid gap-2" role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="text-sm font-medium text-slate-900">
        {label}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img src={value} alt={`Current ${label.toLowerCase()}`} className={frame} />
        ) : (
          <div className={cn(frame, 'flex items-center justify-center border border-dashed border-slate-300 text-slate-400 ring-0')}>
            <ImageIcon className="size-5" aria-hidden="true" />
            <span className="sr-only">No {label.toLowerCase()}</span>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" aria-expanded={library} onClick={() => setLibrary(!library)}>
            <Library aria-hidden="true" /> Library
          </Button>
          {value && (
            <Button type="button" size="sm" variant="ghost" onClick={() => onChange('')}>
              <Trash2 aria-hidden="true" /> Remove
            </Button>
          )}
        </div>
      </div>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      {library && (
        <MediaPicker
          value={null}
          onChange={(m) => {
            onChange(m.fileUrl)
            setLibrary(false)
          }}
        />
      )}
      <ImageUpload
        purpose="featured"
        label="Upload an image"
        value={null}
        onBusyChange={onBusyChange}
        onChange={(img) => img && onChange(img.url)}
      />
    </div>
  )
}
