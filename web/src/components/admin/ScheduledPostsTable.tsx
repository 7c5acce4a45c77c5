import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CalendarClock, RotateCcw, Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import { deletePlannedPost, retryPlannedPost } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { Category, PlannedPost } from '@/api/types'
import { CategoryBadge } from '@/components/CategoryBadge'
import { EmptyState } from '@/components/EmptyState'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Spinner } from '@/components/ui/spinner'
import { Badge } from '@/components/ui/badge'
import { DataTable } from '@/components/ui/data-table'
import { QueryState } from '@/components/ui/query-state'
import { usePlannedPosts } from '@/hooks/useAdmin'
import { useErrorToast } from '@/hooks/useErrorToast'
import { formatDateTime } from '@/lib/format'
import { cn } from '@/lib/utils'
import { FREQUENCIES, RETRY_NOTE, STATUS_LABEL, featuresOf, topicLabel } from './schedule'

const STATUS_VARIANT = { pending: 'secondary', completed: 'success', failed: 'destructive' } as const

function StatusBadge({ item }: { item: PlannedPost }) {
  return (
    <Badge variant={STATUS_VARIANT[item.status] ?? 'secondary'} title={item.status === 'failed' && item.error ? item.error : undefined}>
      {STATUS_LABEL[item.status] ?? item.status}
    </Badge>
  )
}

function Features({ item }: { item: PlannedPost }) {
  const list = featuresOf(item)
  if (!list.length) return <span className="text-slate-400">—</span>
  return (
    <span className="flex flex-wrap gap-1">
      {list.map((f) => (
        <Badge key={f} variant="outline">
          {f}
        </Badge>
      ))}
    </span>
  )
}

function Topic({ item }: { item: PlannedPost }) {
  const random = item.topic === null || item.topic.trim() === ''
  return <span className={cn(random ? 'italic text-slate-500' : 'text-slate-900')}>{topicLabel(item.topic)}</span>
}

const frequencyLabel = (f: string) => FREQUENCIES.find((x) => x.value === f)?.label ?? f

const iconBtn =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-50 [&_svg]:size-4'

function Actions({
  item,
  label,
  retrying,
  onRetry,
  onDelete,
  className,
}: {
  item: PlannedPost
  label: string
  retrying: boolean
  onRetry: () => void
  onDelete: () => void
  className?: string
}) {
  return (
    <div className={cn('flex items-center gap-0.5', className)}>
      {item.status === 'failed' && (
        <button type="button" className={iconBtn} onClick={onRetry} disabled={retrying} aria-label={`Retry ${label}`} title="Retry">
          {retrying ? <Spinner /> : <RotateCcw aria-hidden="true" />}
        </button>
      )}
      <button type="button" className={cn(iconBtn, 'hover:bg-red-50 hover:text-red-700')} onClick={onDelete} aria-label={`Delete ${label}`} title="Delete">
        <Trash2 aria-hidden="true" />
      </button>
    </div>
  )
}

/**
 * Scheduled Posts: Category, Topic ('Random' when the AI picks it), Features, Scheduled For,
 * Frequency, Status and actions (retry for failed items only; delete always, after a question).
 */
export function ScheduledPostsTable({ categories }: { categories: Category[] }) {
  const scheduled = usePlannedPosts()
  const queryClient = useQueryClient()
  const [deleting, setDeleting] = useState<PlannedPost | null>(null)

  useErrorToast(scheduled, 'Error loading scheduled posts')

  const retry = useMutation({
    mutationFn: (item: PlannedPost) => retryPlannedPost(item.id),
    onSuccess: () => {
      toast.success('Post reset to pending', { description: RETRY_NOTE })
      void queryClient.invalidateQueries({ queryKey: qk.scheduled })
    },
    onError: (err) => toast.error('Error retrying post', { description: errorMessage(err) }),
  })
  const remove = useMutation({
    mutationFn: (item: PlannedPost) => deletePlannedPost(item.id),
    onSuccess: () => {
      toast.success('Scheduled post deleted')
      setDeleting(null)
      void queryClient.invalidateQueries({ queryKey: qk.scheduled })
    },
    onError: (err) => {
      toast.error('Error deleting scheduled post', { description: errorMessage(err) })
      setDeleting(null)
    },
  })

  const catOf = (slug: string) => categories.find((c) => c.slug === slug)
  const labelOf = (item: PlannedPost) => `${topicLabel(item.topic)} on ${formatDateTime(item.scheduledFor)}`
  const retryingId = retry.isPending ? retry.variables?.id : undefined
  const actionsFor = (item: PlannedPost) => ({
    item,
    label: labelOf(item),
    retrying: retryingId === item.id,
    onRetry: () => retry.mutate(item),
    onDelete: () => setDeleting(item),
  })

  return (
    <>
      <QueryState
        query={scheduled}
        empty={<EmptyState icon={<CalendarClock className="size-6" aria-hidden="true" />} title="No scheduled posts yet" description="Schedule a post above, or many at once with Bulk Schedule." />}
      >
        {(items) => (
          <>
            {/* Phones: cards */}
            <ul className="grid gap-3 lg:hidden" aria-label="Scheduled posts">
              {items.map((item) => {
                const c = catOf(item.category)
                return (
                  <li key={item.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <CategoryBadge slug={item.category} label={c?.name} color={c?.colorHex} />
                      <StatusBadge item={item} />
                    </div>
                    <p className="mt-2 font-semibold leading-snug">
                      <Topic item={item} />
                    </p>
                    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600">
                      <dt className="text-slate-500">Scheduled For</dt>
                      <dd>
                        <time dateTime={item.scheduledFor}>{formatDateTime(item.scheduledFor)}</time>
                      </dd>
                      <dt className="text-slate-500">Frequency</dt>
                      <dd>{frequencyLabel(item.frequency)}</dd>
                      <dt className="text-slate-500">Features</dt>
                      <dd>
                        <Features item={item} />
                      </dd>
                    </dl>
                    {item.status === 'failed' && item.error && <p className="mt-2 text-xs text-red-700">{item.error}</p>}
                    <Actions {...actionsFor(item)} className="mt-3 justify-end border-t border-slate-100 pt-2" />
                  </li>
                )
              })}
            </ul>

            {/* Large screens: table */}
            <DataTable
              caption="Scheduled posts"
              className="lg:block"
              columns={[
                'Category',
                'Topic',
                'Features',
                'Scheduled For',
                'Frequency',
                'Status',
                { label: 'Actions', align: 'right' },
              ]}
            >
              {items.map((item) => {
                const c = catOf(item.category)
                return (
                  <tr key={item.id} className="hover:bg-slate-50">
                    <td className="whitespace-nowrap px-4 py-3">
                      <CategoryBadge slug={item.category} label={c?.name} color={c?.colorHex} />
                    </td>
                    <td className="px-4 py-3 font-medium">
                      <span className="line-clamp-2">
                        <Topic item={item} />
                      </span>
                    </td>
                    <td className="px-4 py-3">
                      <Features item={item} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                      <time dateTime={item.scheduledFor}>{formatDateTime(item.scheduledFor)}</time>
                    </td>
                    <td className="px-4 py-3 text-slate-600">{frequencyLabel(item.frequency)}</td>
                    <td className="px-4 py-3">
                      <StatusBadge item={item} />
                      {item.status === 'failed' && item.error && <p className="mt-1 line-clamp-2 max-w-48 text-xs text-red-700">{item.error}</p>}
                    </td>
                    <td className="px-2 py-1.5">
                      <Actions {...actionsFor(item)} className="justify-end" />
                    </td>
                  </tr>
                )
              })}
            </DataTable>
          </>
        )}
      </QueryState>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Are you sure you want to delete this scheduled post?"
        description={deleting ? `“${topicLabel(deleting.topic)}” on ${formatDateTime(deleting.scheduledFor)} will not be published.` : undefined}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  )
}
