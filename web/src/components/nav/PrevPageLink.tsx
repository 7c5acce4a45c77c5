import { Link, useLocation } from 'react-router'
import { ArrowLeft } from 'lucide-react'
import { useReaderText } from '@/lib/readerText'

/**
 * On a list opened at ?page=N (N > 1), the way back to the newer posts of page N-1, as the server's pages link it
 * (page 1 is the list's own address). 'Load more' goes on to the older ones.
 */
export function PrevPageLink({ page }: { page: number }) {
  const location = useLocation()
  const { t } = useReaderText()
  if (page <= 1) return null
  const params = new URLSearchParams(location.search)
  if (page === 2) params.delete('page')
  else params.set('page', String(page - 1))
  const qs = params.toString()
  return (
    <div className="mb-8 flex items-center justify-between gap-4 text-sm">
      <Link
        to={location.pathname + (qs ? `?${qs}` : '')}
        rel="prev"
        className="inline-flex items-center gap-1.5 rounded font-semibold text-(--brand-strong) hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand)"
      >
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t('newerPosts')}
      </Link>
      <span className="text-slate-500">{t('pageN', { n: page })}</span>
    </div>
  )
}
