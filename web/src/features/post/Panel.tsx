import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

/** A titled box of the desk's side panel. */
export function Panel({ id, title, action, children, className }: { id: string; title: string; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm', className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3 grid gap-3 [&>*]:min-w-0">{children}</div>
    </section>
  )
}
