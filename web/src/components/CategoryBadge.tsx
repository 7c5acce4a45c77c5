import { Link } from 'react-router'
import { categoryBadgeClass } from '@/lib/categories'
import { readableOn, safeHex } from '@/lib/color'
import { cn } from '@/lib/utils'

interface Props {
  slug: string
  label?: string
  color?: string
  to?: string
  className?: string
}

/** Upper-cased category label with the category's colour (fixed colours for the four site categories). */
export function CategoryBadge({ slug, label, color, to, className }: Props) {
  const fixed = categoryBadgeClass(slug)
  const text = (label || slug).toUpperCase()
  const cls = cn(
    'inline-flex items-center rounded-full px-2.5 py-1 text-[0.6875rem] font-bold tracking-wider ring-1 ring-inset',
    fixed ?? 'ring-black/5',
    to && 'transition hover:brightness-95 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
    className,
  )
  const style = fixed ? undefined : { background: safeHex(color), color: readableOn(safeHex(color)) }
  return to ? (
    <Link to={to} className={cls} style={style}>
      {text}
    </Link>
  ) : (
    <span className={cls} style={style}>
      {text}
    </span>
  )
}
