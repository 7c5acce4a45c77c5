import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

/** A column heading: its text, right-aligned numbers and actions, or a class of its own. */
export type Column = string | { label: ReactNode; align?: 'right'; className?: string }

/**
 * The wide-screen table of a list (smaller screens show cards instead): hidden until the
 * breakpoint given in `className` (e.g. 'md:block'), a caption for screen readers, the column
 * headings and `children` as the rows. `scroll` lets a wide table scroll sideways.
 */
export function DataTable({
  caption,
  columns,
  className,
  scroll = false,
  children,
}: {
  caption: string
  columns: Column[]
  className?: string
  scroll?: boolean
  children: ReactNode
}) {
  return (
    <div className={cn('hidden rounded-2xl border border-slate-200 bg-white shadow-sm', scroll ? 'overflow-x-auto' : 'overflow-hidden', className)}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-500">
          <tr>
            {columns.map((c, i) => {
              const col = typeof c === 'string' ? { label: c } : c
              return (
                <th key={i} scope="col" className={col.className ?? cn('px-4 py-3 font-semibold', col.align === 'right' && 'text-right')}>
                  {col.label}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  )
}
