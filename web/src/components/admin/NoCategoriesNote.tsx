import { Link } from 'react-router'
import { cn } from '@/lib/utils'

/** Under a category field with nothing to choose: 'No categories yet. Add one first.' */
export function NoCategoriesNote({ className }: { className?: string }) {
  return (
    <p className={cn('text-slate-600', className)}>
      No categories yet.{' '}
      <Link to="/admin/categories" className="font-medium text-brand-700 underline-offset-2 hover:underline">
        Add one first
      </Link>
      .
    </p>
  )
}
