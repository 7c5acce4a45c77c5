import type { ComponentType } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { formatLimit } from '@/lib/format'
import { cn } from '@/lib/utils'
import { isAtLimit, isRunningLow, isUnlimited, usagePercent } from '@/lib/usage'

/** 'used / limit' with a progress bar; amber from 80%, red at the limit, infinity when unlimited. */
export function UsageCard({
  label,
  used,
  limit,
  unlimited = false,
  icon: Icon,
  note,
}: {
  label: string
  used: number
  limit: number
  unlimited?: boolean
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>
  note?: string
}) {
  const infinite = isUnlimited(limit, unlimited)
  const pct = usagePercent(used, limit, unlimited)
  const low = isRunningLow(used, limit, unlimited)
  const full = isAtLimit(used, limit, unlimited)
  const limitText = infinite ? '∞' : formatLimit(limit)
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardDescription className="flex items-center gap-2 font-medium">
          <Icon className="size-4" aria-hidden="true" /> {label}
        </CardDescription>
        <CardTitle className="text-3xl tabular-nums">
          {used}
          <span className="text-base font-medium text-slate-500">
            {' '}
            / <span aria-label={infinite ? 'unlimited' : undefined}>{limitText}</span>
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div
          className="h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label={`${label} used`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={infinite ? undefined : pct}
          aria-valuetext={infinite ? `${used} used, unlimited` : `${used} of ${limit} used (${pct}%)`}
        >
          <div
            className={cn('h-full rounded-full transition-[width]', full ? 'bg-red-500' : low ? 'bg-amber-500' : 'bg-brand-600', infinite && 'bg-emerald-500')}
            style={{ width: infinite ? '100%' : `${pct}%`, opacity: infinite ? 0.35 : 1 }}
          />
        </div>
        <p className={cn('mt-2 text-xs', full ? 'font-medium text-red-700' : low ? 'font-medium text-amber-800' : 'text-slate-500')}>
          {infinite ? 'Unlimited' : full ? 'Limit reached for this month' : `${Math.max(0, limit - used)} left this month`}
          {note ? ` · ${note}` : ''}
        </p>
      </CardContent>
    </Card>
  )
}
