import type { ReactNode } from 'react'

/** A titled part of the generate form (Images, Banner ads), with an optional note on the right. */
export function FormSection({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="grid gap-4 border-t border-slate-100 pt-5">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold uppercase tracking-wider text-slate-500">{title}</h3>
        {aside}
      </div>
      {children}
    </section>
  )
}
