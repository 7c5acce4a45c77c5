import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

export function SectionHeading({
  eyebrow,
  title,
  id,
  action,
  className,
}: {
  eyebrow?: string
  title: string
  id?: string
  action?: ReactNode
  className?: string
}) {
  return (
    <div className={cn('mb-8 flex flex-wrap items-end justify-between gap-4', className)}>
      <div>
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-(--brand-strong)">{eyebrow}</p>}
        <h2 id={id} className="mt-1 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h2>
      </div>
      {action}
    </div>
  )
}
