import { isAtLimit, isUnlimited } from '@/lib/usage'
import { formatLimit } from '@/lib/format'
import { cn } from '@/lib/utils'

/**
 * 'used / limit' for the users table: 'No data' without a usage row, red once the limit is
 * reached, infinity for unlimited (999999).
 */
export function UsageCell({ used, limit, noData = false }: { used?: number; limit?: number; noData?: boolean }) {
  if (noData || used === undefined || limit === undefined) return <span className="text-slate-400">No data</span>
  const full = isAtLimit(used, limit)
  return (
    <span className={cn('tabular-nums', full ? 'font-semibold text-red-600' : 'text-slate-700')} data-full={full || undefined}>
      {used} / {isUnlimited(limit) ? '∞' : formatLimit(limit)}
      {full && <span className="sr-only"> (limit reached)</span>}
    </span>
  )
}
