import type { PostStatus, PostSummary } from '@/api/types'
import { formatDateTime } from '@/lib/format'
import { cn } from '@/lib/utils'

const STATUS_LABELS: Record<PostStatus, string> = { published: 'Published', scheduled: 'Scheduled', draft: 'Draft' }

const TONE: Record<PostStatus, string> = {
  published: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  scheduled: 'bg-sky-50 text-sky-800 ring-sky-200',
  draft: 'bg-amber-50 text-amber-900 ring-amber-200',
}

const DOT: Record<PostStatus, string> = { published: 'bg-emerald-500', scheduled: 'bg-sky-500', draft: 'bg-amber-500' }

/** A post's status as its owner sees it: Published, Scheduled (with the time it goes live) or Draft. */
export function PostStatusBadge({ post, className }: { post: Pick<PostSummary, 'status' | 'publishedAt'>; className?: string }) {
  const status: PostStatus = post.status ?? 'published'
  const when = status === 'scheduled' ? formatDateTime(post.publishedAt) : ''
  return (
    <span className={cn('inline-flex flex-col items-start gap-0.5', className)}>
      <span className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', TONE[status])}>
        <span className={cn('size-1.5 rounded-full', DOT[status])} aria-hidden="true" />
        {STATUS_LABELS[status]}
      </span>
      {when && (
        <time dateTime={post.publishedAt} className="whitespace-nowrap text-xs text-slate-500">
          <span className="sr-only">for </span>
          {when}
        </time>
      )}
    </span>
  )
}
