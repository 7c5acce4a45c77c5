import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

/** A signed-in page's heading: an optional eyebrow, the title, a subtitle and the page's buttons. */
export function PageHeader({
  eyebrow,
  title,
  subtitle,
  actions,
  className,
}: {
  eyebrow?: string
  title: string
  subtitle?: ReactNode
  actions?: ReactNode
  className?: string
}) {
  return (
    <header className={cn('flex flex-wrap items-end justify-between gap-4', className)}>
      <div className="min-w-0">
        {eyebrow && <p className="text-xs font-semibold uppercase tracking-wider text-brand-600">{eyebrow}</p>}
        <h1 className={cn('text-3xl font-extrabold tracking-tight text-slate-900', eyebrow && 'mt-1')}>{title}</h1>
        {subtitle && <div className="mt-1 text-slate-600">{subtitle}</div>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  )
}
