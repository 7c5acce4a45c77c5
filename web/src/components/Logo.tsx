import { Link } from 'react-router'
import { Feather } from 'lucide-react'
import { PRODUCT_NAME } from '@/lib/constants'
import { cn } from '@/lib/utils'

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-xl bg-linear-to-br from-brand-500 via-violet-500 to-fuchsia-500 text-white shadow-md shadow-brand-500/30',
        className,
      )}
      aria-hidden="true"
    >
      <Feather className="size-5" strokeWidth={2.25} />
    </span>
  )
}

export function Logo({ onClick, className }: { onClick?: () => void; className?: string }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className={cn(
        'group inline-flex items-center gap-2.5 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
        className,
      )}
    >
      <LogoMark />
      <span className="text-xl font-extrabold tracking-tight text-slate-900">
        Ink<span className="text-brand-600">Press</span>
        <span className="sr-only"> – {PRODUCT_NAME} home</span>
      </span>
    </Link>
  )
}
