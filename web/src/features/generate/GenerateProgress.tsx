function elapsedLabel(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** Shown while the post is written: the elapsed time and a bar that slows as it nears the end. */
export function GenerateProgress({ elapsed, drawing }: { elapsed: number; drawing: boolean }) {
  return (
    <div role="status" aria-live="polite" className="mx-6 mb-4 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3">
      <div className="flex items-center justify-between gap-3 text-sm font-medium text-brand-900">
        <span>Writing your post{drawing ? ' and drawing its cover' : ''}...</span>
        <span className="tabular-nums text-brand-700" aria-label={`Elapsed ${elapsed} seconds`}>
          {elapsedLabel(elapsed)}
        </span>
      </div>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-brand-100" aria-hidden="true">
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-1000 ease-linear"
          style={{ width: `${Math.round(95 * (1 - Math.exp(-elapsed / 40)))}%` }}
        />
      </div>
      <p className="mt-2 text-xs text-brand-800">This can take up to 2 minutes. Please keep this window open.</p>
    </div>
  )
}
