/**
 * A workspace's posts as a table (cards on phones): status filter (All, Published, Scheduled,
 * Drafts), title search, category filter, select-all and bulk delete, a status badge per post, and
 * row actions: share kit and 'open in a new tab' for published posts, edit (the post's own screen,
 * /dashboard/posts/{id}, which the title opens too) and delete. Used by My Posts and the admin
 * dashboard; the state lives in usePostsTable().
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ChevronLeft, ChevronRight, Eye, ExternalLink, Pencil, Search, Share2, Trash2 } from 'lucide-react'
import type { Category, PostSummary } from '@/api/types'
import { EmptyState } from '@/components/EmptyState'
import { CategoryBadge } from '@/components/CategoryBadge'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { LoadingRows, QueryState } from '@/components/ui/query-state'
import { ALL_CATEGORIES, type PostsTableState, type StatusFilter } from '@/hooks/usePostsTable'
import { PostStatusBadge } from '@/components/owner/PostStatusBadge'
import { postScreenPath } from '@/components/owner/desk'
import { formatShortDate } from '@/lib/format'
import { postPath } from '@/lib/paths'
import { cn } from '@/lib/utils'
import { Checkbox } from '@/components/ui/checkbox'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { DELETE_ONE_QUESTION, bulkDeleteQuestion } from '@/lib/posts'
import { ShareKitDialog } from '@/components/workspace/ShareKitDialog'
import { LIMITS } from '@/api/types'

const postScreen = (p: Pick<PostSummary, 'id'>) => postScreenPath(p.id)

const isLive = (p: PostSummary) => (p.status ?? 'published') === 'published'

const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'draft', label: 'Drafts' },
]

function StatusFilterTabs({ value, onChange }: { value: StatusFilter; onChange: (v: StatusFilter) => void }) {
  return (
    <div role="group" aria-label="Filter by status" className="grid grid-cols-4 gap-1 rounded-xl bg-slate-100 p-1 sm:inline-grid sm:w-auto">
      {STATUS_FILTERS.map((f) => {
        const on = value === f.value
        return (
          <button
            key={f.value}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(f.value)}
            className={cn(
              'rounded-lg px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
              on ? 'bg-white text-brand-700 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:bg-white/70 hover:text-slate-900',
            )}
          >
            {f.label}
          </button>
        )
      })}
    </div>
  )
}

function RowActions({
  post,
  onShare,
  onDelete,
  className,
}: {
  post: PostSummary
  onShare: () => void
  onDelete: () => void
  className?: string
}) {
  const btn =
    'inline-flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 [&_svg]:size-4'
  const live = isLive(post)
  return (
    <div className={cn('flex items-center gap-0.5', className)}>
      {live && (
        <button type="button" className={btn} onClick={onShare} aria-label={`Share ${post.title}`} title="Share">
          <Share2 aria-hidden="true" />
        </button>
      )}
      <Link to={postScreen(post)} className={btn} aria-label={`Edit ${post.title}`} title="Edit">
        <Pencil aria-hidden="true" />
      </Link>
      {live && (
        <a href={postPath(post)} target="_blank" rel="noopener noreferrer" className={btn} aria-label={`Open ${post.title} in a new tab`} title="Open in new tab">
          <ExternalLink aria-hidden="true" />
        </a>
      )}
      <button type="button" className={cn(btn, 'hover:bg-red-50 hover:text-red-700')} onClick={onDelete} aria-label={`Delete ${post.title}`} title="Delete">
        <Trash2 aria-hidden="true" />
      </button>
    </div>
  )
}

function categoryOf(post: PostSummary, categories: Category[] | undefined): Category | undefined {
  return categories?.find((c) => c.slug === post.category)
}

export function PostsTable({
  table: t,
  caption = 'Your posts',
  emptyTitle,
  emptyAction,
}: {
  table: PostsTableState
  /** The table's accessible name. */
  caption?: string
  /** Shown when the workspace has no posts at all. */
  emptyTitle: string
  emptyAction?: ReactNode
}) {
  const { list, selected, pending } = t

  const confirmTitle =
    pending?.kind === 'one' ? DELETE_ONE_QUESTION : pending ? bulkDeleteQuestion(pending.ids.length) : ''
  const confirmText =
    pending?.kind === 'one'
      ? `“${pending.post.title}” will be removed from your blog and its feeds. This cannot be undone.`
      : 'They will be removed from your blog and its feeds. This cannot be undone.'

  const actionsFor = (p: PostSummary) => ({
    onShare: () => t.setSharing(p),
    onDelete: () => t.setPending({ kind: 'one', post: p }),
  })

  return (
    <>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <StatusFilterTabs value={t.status} onChange={t.setStatus} />
        <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-center">
          <div className="relative sm:w-72">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <label htmlFor="post-search" className="sr-only">
              Search posts by title
            </label>
            <Input
              id="post-search"
              type="search"
              placeholder="Search by title"
              value={t.search}
              maxLength={LIMITS.searchMax}
              onChange={(e) => t.setSearch(e.target.value)}
              className="pl-9"
            />
          </div>
          <div className="sm:w-56">
            <label htmlFor="post-category" className="sr-only">
              Filter by category
            </label>
            <Select value={t.category} onValueChange={t.setCategory}>
              <SelectTrigger id="post-category">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL_CATEGORIES}>All categories</SelectItem>
                {(t.categories.data ?? []).map((c) => (
                  <SelectItem key={c.slug} value={c.slug}>
                    {c.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex items-center gap-3 sm:ml-auto">
            {list.length > 0 && (
              <label className="flex items-center gap-2 text-sm text-slate-700 md:hidden">
                <Checkbox checked={t.allSelected} indeterminate={t.someSelected} onChange={t.toggleAll} />
                Select all
              </label>
            )}
            {t.visibleSelected.length > 0 && (
              <Button variant="destructive" onClick={() => t.setPending({ kind: 'many', ids: t.visibleSelected })} className="ml-auto">
                <Trash2 aria-hidden="true" /> Delete ({t.visibleSelected.length})
              </Button>
            )}
          </div>
        </div>
      </div>

      <div className="mt-6">
        <QueryState
          query={t.posts}
          loading={<LoadingRows count={5} rowClassName="h-16 rounded-xl" />}
          isEmpty={(d) => (d.posts ?? []).length === 0}
          empty={
            t.filtered ? (
              <EmptyState
                icon={<Search className="size-6" aria-hidden="true" />}
                title="No posts match your filters."
                action={
                  <Button variant="outline" onClick={t.clearFilters}>
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState title={emptyTitle} action={emptyAction} />
            )
          }
        >
          {() => (
            <>
              {/* Phones: cards */}
              <ul className="grid gap-3 md:hidden" aria-label="Posts">
                {list.map((p) => {
                  const c = categoryOf(p, t.categories.data)
                  return (
                    <li key={p.id} className={cn('rounded-2xl border bg-white p-4 shadow-sm', selected.has(p.id) ? 'border-brand-300 ring-1 ring-brand-200' : 'border-slate-200')}>
                      <div className="flex items-start gap-3">
                        <Checkbox className="mt-1" checked={selected.has(p.id)} onChange={() => t.toggleOne(p.id)} aria-label={`Select ${p.title}`} />
                        <div className="min-w-0 flex-1">
                          <div className="flex flex-wrap items-start gap-2">
                            <CategoryBadge slug={p.category} label={p.categoryName || c?.name} color={c?.colorHex} />
                            <PostStatusBadge post={p} />
                          </div>
                          <Link to={postScreen(p)} className="mt-2 block font-semibold leading-snug text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
                            {p.title}
                          </Link>
                          <p className="mt-1 flex items-center gap-3 text-xs text-slate-500">
                            {isLive(p) ? (
                              <time dateTime={p.publishedAt}>{formatShortDate(p.publishedAt)}</time>
                            ) : (
                              <span>
                                Edited <time dateTime={p.updatedAt}>{formatShortDate(p.updatedAt)}</time>
                              </span>
                            )}
                            <span className="inline-flex items-center gap-1">
                              <Eye className="size-3.5" aria-hidden="true" />
                              {p.viewCount} <span className="sr-only">views</span>
                            </span>
                          </p>
                        </div>
                      </div>
                      <RowActions post={p} className="mt-3 justify-end border-t border-slate-100 pt-2" {...actionsFor(p)} />
                    </li>
                  )
                })}
              </ul>

              {/* Tablets and up: table */}
              <DataTable
                caption={caption}
                className="md:block"
                columns={[
                  { label: <Checkbox checked={t.allSelected} indeterminate={t.someSelected} onChange={t.toggleAll} aria-label="Select all posts" />, className: 'w-12 px-4 py-3' },
                  'Category',
                  'Title',
                  'Status',
                  'Published',
                  { label: 'Views', align: 'right' },
                  { label: 'Actions', align: 'right' },
                ]}
              >
                {list.map((p) => {
                  const c = categoryOf(p, t.categories.data)
                  const on = selected.has(p.id)
                  return (
                    <tr key={p.id} className={cn('transition-colors', on ? 'bg-brand-50/60' : 'hover:bg-slate-50')}>
                      <td className="px-4 py-3">
                        <Checkbox checked={on} onChange={() => t.toggleOne(p.id)} aria-label={`Select ${p.title}`} />
                      </td>
                      <td className="whitespace-nowrap px-4 py-3">
                        <CategoryBadge slug={p.category} label={p.categoryName || c?.name} color={c?.colorHex} />
                      </td>
                      <td className="px-4 py-3 font-medium text-slate-900">
                        <Link to={postScreen(p)} className="line-clamp-2 rounded hover:text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
                          {p.title}
                        </Link>
                      </td>
                      <td className="px-4 py-3">
                        <PostStatusBadge post={p} />
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                        {isLive(p) ? <time dateTime={p.publishedAt}>{formatShortDate(p.publishedAt)}</time> : <span aria-label="Not published">—</span>}
                      </td>
                      <td className="px-4 py-3 text-right tabular-nums text-slate-700">{p.viewCount}</td>
                      <td className="px-2 py-1.5">
                        <RowActions post={p} className="justify-end" {...actionsFor(p)} />
                      </td>
                    </tr>
                  )
                })}
              </DataTable>

              {t.pages > 1 && (
                <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
                  <Button variant="outline" size="sm" onClick={() => t.setPage(t.page - 1)} disabled={t.page <= 1}>
                    <ChevronLeft aria-hidden="true" /> Previous
                  </Button>
                  <p className="text-sm text-slate-600">
                    Page {t.page} of {t.pages}
                  </p>
                  <Button variant="outline" size="sm" onClick={() => t.setPage(t.page + 1)} disabled={t.page >= t.pages}>
                    Next <ChevronRight aria-hidden="true" />
                  </Button>
                </nav>
              )}
            </>
          )}
        </QueryState>
      </div>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(o) => !o && t.setPending(null)}
        title={confirmTitle}
        description={confirmText}
        busy={t.remove.isPending}
        onConfirm={() => pending && t.remove.mutate(pending)}
      />
      <ShareKitDialog post={t.sharing} onClose={() => t.setSharing(null)} />
    </>
  )
}
