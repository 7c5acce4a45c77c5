import { Skeleton } from './ui/skeleton'
import { useReaderText } from '@/lib/readerText'

/** Skeleton page with a visible, announced 'Loading...' label (in the reader's language). */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useReaderText()
  return (
    <div className="container-page py-12" aria-busy="true">
      <p role="status" className="mb-6 text-sm font-medium text-slate-500">
        {label ?? t('loading')}
      </p>
      <div className="space-y-4">
        <Skeleton className="h-10 w-2/3 max-w-xl" />
        <Skeleton className="h-5 w-1/2 max-w-md" />
        <div className="grid gap-6 pt-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-64 rounded-2xl" />
          ))}
        </div>
      </div>
    </div>
  )
}
