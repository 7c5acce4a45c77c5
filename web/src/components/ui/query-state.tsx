import type { ReactNode } from 'react'
import { ErrorBlock } from '@/components/ErrorBlock'
import { Skeleton } from './skeleton'
import { useReaderText } from '@/lib/readerText'

/** What QueryState reads of a TanStack query result. */
export interface QueryLike<T> {
  data: T | undefined
  isLoading: boolean
  isError: boolean
  error: unknown
  refetch: () => unknown
}

/**
 * Skeleton rows while a list loads: `count` rows of `rowClassName`, or one row per class in `rows`.
 * Announces 'Loading...' to screen readers, or, with `label`, names the busy region instead.
 */
export function LoadingRows({
  count = 3,
  className = 'space-y-2',
  rowClassName = 'h-14 rounded-xl',
  rows = Array.from({ length: count }, () => rowClassName),
  label,
}: {
  count?: number
  className?: string
  rowClassName?: string
  rows?: string[]
  label?: string
}) {
  const { t } = useReaderText()
  return (
    <div className={className} aria-busy="true" aria-label={label}>
      {!label && (
        <p role="status" className="sr-only">
          {t('loading')}
        </p>
      )}
      {rows.map((row, i) => (
        <Skeleton key={i} className={row} />
      ))}
    </div>
  )
}

/**
 * The loading / error / empty / data ladder of a query, in that order:
 * - `loading` (skeleton rows by default) while the first fetch runs;
 * - `error(error, retry)` (an ErrorBlock with 'Try again' by default) when it failed; with
 *   `keepData`, data already shown stays (a later page that failed does not hide the first ones);
 * - `empty` when there is no data or `isEmpty(data)` (by default: an empty array);
 * - else `children(data)`.
 */
export function QueryState<T>({
  query,
  loading = <LoadingRows />,
  error,
  empty = null,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  keepData = false,
  children,
}: {
  query: QueryLike<T>
  loading?: ReactNode
  error?: (error: unknown, retry: () => void) => ReactNode
  empty?: ReactNode
  isEmpty?: (data: T) => boolean
  keepData?: boolean
  children: (data: T) => ReactNode
}) {
  const { data } = query
  const retry = () => void query.refetch()
  if (query.isError && !(keepData && data !== undefined)) {
    return error ? error(query.error, retry) : <ErrorBlock error={query.error} onRetry={retry} />
  }
  if (query.isLoading) return loading
  if (data === undefined || isEmpty(data)) return empty
  return children(data)
}
