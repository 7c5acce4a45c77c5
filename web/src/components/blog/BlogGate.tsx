import { useMemo, type ReactNode } from 'react'
import { isApiError } from '@/api/client'
import type { BlogResponse } from '@/api/types'
import { PageError } from '@/components/ErrorBlock'
import { NotFoundBlock } from '@/components/NotFoundBlock'
import { PageLoading } from '@/components/PageLoading'
import { QueryState, type QueryLike } from '@/components/ui/query-state'
import { CategoryColorsContext, categoryColors } from '@/lib/categories'
import { useReaderText } from '@/lib/readerText'

/** The blog's category colours for the cards below (their stand-in covers). */
function BlogColors({ data, children }: { data: BlogResponse; children: ReactNode }) {
  const value = useMemo(() => categoryColors(data.categories ?? []), [data.categories])
  return <CategoryColorsContext.Provider value={value}>{children}</CategoryColorsContext.Provider>
}

/**
 * A workspace blog's page once its blog is read: loading page, 'Blog not found' on 404, or the error; the
 * page knows its blog's category colours (CategoryColorsContext).
 */
export function BlogGate({ blog, children }: { blog: QueryLike<BlogResponse>; children: (data: BlogResponse) => ReactNode }) {
  const { t } = useReaderText()
  return (
    <QueryState
      query={blog}
      loading={<PageLoading />}
      error={(error, retry) => (isApiError(error, 404) ? <NotFoundBlock title={t('blogNotFound')} /> : <PageError error={error} onRetry={retry} />)}
    >
      {(data) => <BlogColors data={data}>{children(data)}</BlogColors>}
    </QueryState>
  )
}
