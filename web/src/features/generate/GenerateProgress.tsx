import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatElapsed } from './jobs'

/**
 * Shown while the post is written: what the job is doing, the time since it was queued, a bar that
 * slows as it nears the end, and Cancel. Only the stage is announced to screen readers, not every tick.
 */
export function GenerateProgress({
  stage,
  elapsed,
  canceling,
  onCancel,
}: {
  stage: string
  elapsed: number
  canceling: boolean
  /** Absent until the job is queued (the request is still on its way). */
  onCancel?: () => void
}) {
  return (
    <div className="mx-6 mb-4 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3">
      <div className="flex items-center justify-between gap-3 text-sm font-medium text-brand-900">
        <span role="status" className="inline-flex min-w-0 items-center gap-2">
          <Spinner className="shrink-0 text-brand-600" />
          <span className="min-w-0">{stage}</span>
        </span>
        <span className="shrink-0 tabular-nums text-brand-700" aria-label={`Elapsed ${formatElapsed(elapsed)}`}>
          {formatElapsed(elapsed)}
        </span>
      </div>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-brand-100" aria-hidden="true">
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-1000 ease-linear"
          style={{ width: `${Math.round(95 * (1 - Math.exp(-elapsed / 40)))}%` }}
        />
      </div>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-brand-800">
          You can close this window: the post is written in the background and listed under Recent generations on your dashboard.
        </p>
        {onCancel && (
          <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={canceling} className="shrink-0 bg-white">
            {canceling ? <Spinner /> : <X aria-hidden="true" />}
            {canceling ? 'Canceling...' : 'Cancel'}
          </Button>
        )}
      </div>
    </div>
  )
}
