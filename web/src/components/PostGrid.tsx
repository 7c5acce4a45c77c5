import type { PostSummary } from '@/api/types'
import { cn } from '@/lib/utils'
import { PostCard, PostCardSkeleton } from './PostCard'
import { Button } from './ui/button'
import { EmptyState } from './EmptyState'
import { useReaderText } from '@/lib/readerText'

const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3'

export function PostGrid({
  posts,
  loading = false,
  skeletons = 6,
  workspaceSlug,
  empty,
  className,
  columns = 3,
  showBlog = false,
  priority = false,
}: {
  posts: PostSummary[] | undefined
  loading?: boolean
  skeletons?: number
  workspaceSlug?: string
  empty?: string
  className?: string
  columns?: 3 | 4
  /** Each card names its blog (lists that mix blogs). */
  showBlog?: boolean
  /** The grid is at the top of the page: its first cover is the page's largest image (see PostCard). */
  priority?: boolean
}) {
  const { t } = useReaderText()
  const grid = cn(columns === 4 ? 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4' : GRID, className)
  if (loading && !posts?.length) {
    return (
      <div className={grid} aria-busy="true" aria-label={t('loadingPosts')}>
        {Array.from({ length: skeletons }, (_, i) => (
          <PostCardSkeleton key={i} />
        ))}
      </div>
    )
  }
  if (!posts?.length) {
    return empty ? <EmptyState title={empty} /> : null
  }
  return (
    <div className={grid}>
      {posts.map((p, i) => (
        <PostCard
          key={p.id}
          post={p}
          workspaceSlug={workspaceSlug}
          priority={priority && i === 0}
          layout={columns === 4 ? 'card4' : 'card3'}
          showBlog={showBlog}
        />
      ))}
    </div>
  )
}

export function LoadMore({
  hasMore,
  loading,
  onClick,
}: {
  hasMore: boolean | undefined
  loading: boolean
  onClick: () => void
}) {
  const { t } = useReaderText()
  if (!hasMore) return null
  return (
    <div className="mt-10 flex justify-center">
      <Button variant="outline" size="lg" onClick={onClick} disabled={loading} className="min-w-40">
        {loading ? t('loading') : t('loadMore')}
      </Button>
    </div>
  )
}
