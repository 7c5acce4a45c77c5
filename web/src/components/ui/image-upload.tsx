import { useId, useRef, useState } from 'react'
import { ImagePlus, Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import { uploadFile } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { Button } from '@/components/ui/button'
import { formatSize } from '@/lib/format'
import { cn } from '@/lib/utils'
import { checkImageFile } from '@/lib/upload'
import { Spinner } from '@/components/ui/spinner'

export interface UploadedImage {
  url: string
  name: string
  size?: number
}

/**
 * Picks an image (image types only, at most 5 MB) and uploads it at once to
 * POST /api/workspace/uploads with the given purpose.
 */
export function ImageUpload({
  purpose,
  value,
  onChange,
  onBusyChange,
  label,
  disabled = false,
  error,
}: {
  purpose: 'featured' | 'banner'
  value: UploadedImage | null
  onChange: (img: UploadedImage | null) => void
  onBusyChange?: (busy: boolean) => void
  label: string
  disabled?: boolean
  error?: string
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  const setBusyBoth = (b: boolean) => {
    setBusy(b)
    onBusyChange?.(b)
  }

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = ''
    if (!file) return
    const problem = checkImageFile(file)
    if (problem) {
      toast.error(problem.title, { description: problem.description })
      return
    }
    setBusyBoth(true)
    try {
      const res = await uploadFile(file, purpose)
      onChange({ url: res.url, name: file.name, size: res.size ?? file.size })
    } catch (err) {
      toast.error('Upload failed', { description: errorMessage(err) })
    } finally {
      setBusyBoth(false)
    }
  }

  if (value) {
    return (
      <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-2 pr-3">
        <img src={value.url} alt="" className="size-14 shrink-0 rounded-lg bg-slate-100 object-cover" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{value.name}</p>
          {value.size !== undefined && <p className="text-xs text-slate-500">{formatSize(value.size)}</p>}
        </div>
        <Button variant="ghost" size="sm" onClick={() => onChange(null)} disabled={disabled} aria-label={`Remove ${label.toLowerCase()}`}>
          <Trash2 aria-hidden="true" /> Remove
        </Button>
      </div>
    )
  }

  return (
    <div className="grid gap-1.5">
      <label
        htmlFor={id}
        className={cn(
          'flex cursor-pointer items-center gap-3 rounded-xl border border-dashed bg-slate-50/60 px-4 py-3 text-sm transition-colors has-focus-visible:ring-2 has-focus-visible:ring-brand-500 has-disabled:cursor-not-allowed has-disabled:opacity-60',
          error ? 'border-red-400' : 'border-slate-300 hover:border-brand-400 hover:bg-brand-50/40',
        )}
      >
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-brand-600 ring-1 ring-slate-200">
          {busy ? <Spinner /> : <ImagePlus className="size-4" aria-hidden="true" />}
        </span>
        <span className="min-w-0">
          <span className="block font-medium text-slate-800">{busy ? 'Uploading...' : label}</span>
          <span className="block text-xs text-slate-500">PNG, JPG, WebP or GIF, up to 5MB</span>
        </span>
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={disabled || busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </label>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}
