import type { ReactNode } from 'react'
import { LogoMark } from '../Logo'

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string
  subtitle?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <div className="relative flex min-h-[calc(100dvh-4rem)] items-center justify-center overflow-hidden px-4 py-12">
      <div
        className="pointer-events-none absolute inset-0 -z-10 opacity-70"
        aria-hidden="true"
        style={{
          background:
            'radial-gradient(40% 40% at 20% 20%, rgba(99,102,241,.18), transparent 70%), radial-gradient(40% 40% at 80% 70%, rgba(217,70,239,.14), transparent 70%)',
        }}
      />
      <div className="w-full max-w-md">
        <div className="rounded-3xl border border-slate-200 bg-white p-7 shadow-xl shadow-slate-200/60 sm:p-9">
          <div className="flex flex-col items-center text-center">
            <LogoMark className="size-11" />
            <h1 className="mt-5 text-2xl font-extrabold tracking-tight text-slate-900">{title}</h1>
            {subtitle && <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>}
          </div>
          <div className="mt-8">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </div>
  )
}
