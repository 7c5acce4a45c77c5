/**
 * /dashboard/posts — 'My Posts': search by title, category filter, select-all and bulk delete,
 * row actions (share kit, edit, open in a new tab, delete) and the generate dialog.
 * Without a session it sends the visitor to /admin/login. On phones the table becomes cards.
 */
import { useEffect, useMemo, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight, Eye, ExternalLink, Pencil, Search, Share2, Sparkles, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { bulkDeletePosts, deleteOwnerPost } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import type { Category, Me, PostSummary } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { EmptyState } from '@/components/EmptyState'
import { ErrorBlock } from '@/components/ErrorBlock'
import { CategoryBadge } from '@/components/CategoryBadge'
import { Checkbox } from '@/components/owner/Checkbox'
import { ConfirmDialog } from '@/components/owner/ConfirmDialog'
import { EditPostDialog } from '@/components/owner/EditPostDialog'
import { GenerateDialog } from '@/components/owner/GenerateDialog'
import { OwnerPage } from '@/components/owner/OwnerLayout'
import { DELETE_ONE_QUESTION, bulkDeleteQuestion, bulkDeletedMessage } from '@/components/owner/posts'
import { ShareKitDialog } from '@/components/owner/ShareKitDialog'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { useOwnerPosts, useWorkspaceCategories } from '@/hooks/useWorkspace'
import { useRefreshOwnerData } from '@/hooks/useOwner'
import { usePageMeta } from '@/hooks/usePageMeta'
import { formatShortDate } from '@/lib/format'
import { postPath } from '@/lib/paths'
import { cn } from '@/lib/utils'

const PAGE_SIZE = 50
const ALL = 'all'

type Pending = { kind: 'one'; post: PostSummary } | { kind: 'many'; ids: number[] } | null

function RowActions({
  post,
  onShare,
  onEdit,
  onDelete,
  className,
}: {
  post: PostSummary
  onShare: () => void
  onEdit: () => void
  onDelete: () => void
  className?: string
}) {
  const btn =
    'inline-flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 [&_svg]:size-4'
  return (
    <div className={cn('flex items-center gap-0.5', className)}>
      <button type="button" className={btn} onClick={onShare} aria-label={`Share ${post.title}`} title="Share">
        <Share2 aria-hidden="true" />
      </button>
      <button type="button" className={btn} onClick={onEdit} aria-label={`Edit ${post.title}`} title="Edit">
        <Pencil aria-hidden="true" />
      </button>
      <a href={postPath(post)} target="_blank" rel="noopener noreferrer" className={btn} aria-label={`Open ${post.title} in a new tab`} title="Open in new tab">
        <ExternalLink aria-hidden="true" />
      </a>
      <button type="button" className={cn(btn, 'hover:bg-red-50 hover:text-red-700')} onClick={onDelete} aria-label={`Delete ${post.title}`} title="Delete">
        <Trash2 aria-hidden="true" />
      </button>
    </div>
  )
}

function categoryOf(post: PostSummary, categories: Category[] | undefined): Category | undefined {
  return categories?.find((c) => c.slug === post.category)
}

function PostsScreen({ me }: { me: Me }) {
  const [search, setSearch] = useState('')
  const [category, setCategory] = useState(ALL)
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<Set<number>>(() => new Set())
  const [pending, setPending] = useState<Pending>(null)
  const [sharing, setSharing] = useState<PostSummary | null>(null)
  const [editing, setEditing] = useState<PostSummary | null>(null)
  const [generateOpen, setGenerateOpen] = useState(false)
  const refresh = useRefreshOwnerData()

  // The server searches titles case-insensitively; wait for a pause in typing.
  const term = search.trim()
  const [debounced, setDebounced] = useState(term)
  useEffect(() => {
    const t = setTimeout(() => setDebounced(term), 250)
    return () => clearTimeout(t)
  }, [term])

  const filtered = Boolean(debounced) || category !== ALL
  const posts = useOwnerPosts({ search: debounced || undefined, category: category === ALL ? undefined : category, page, limit: PAGE_SIZE })
  const categories = useWorkspaceCategories()
  useEffect(() => {
    if (posts.isError) toast.error('Error loading posts', { description: errorMessage(posts.error) })
  }, [posts.isError, posts.error])
  const list = useMemo(() => posts.data?.posts ?? [], [posts.data])
  const total = posts.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))

  // Only rows on screen can be selected.
  const visibleSelected = list.filter((p) => selected.has(p.id)).map((p) => p.id)
  const allSelected = list.length > 0 && visibleSelected.length === list.length
  const someSelected = visibleSelected.length > 0 && !allSelected

  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(list.map((p) => p.id)))
  const toggleOne = (id: number) =>
    setSelected((s) => {
      const n = new Set(s)
      if (n.has(id)) n.delete(id)
      else n.add(id)
      return n
    })
  const resetPaging = () => {
    setPage(1)
    setSelected(new Set())
  }

  const remove = useMutation({
    mutationFn: async (p: Exclude<Pending, null>) => {
      if (p.kind === 'one') {
        await deleteOwnerPost(p.post.id)
        return 1
      }
      const res = await bulkDeletePosts(p.ids)
      return res?.deleted ?? p.ids.length
    },
    onSuccess: (n, p) => {
      toast.success(p.kind === 'one' ? 'Post deleted' : bulkDeletedMessage(n))
      setSelected((s) => {
        const next = new Set(s)
        for (const id of p.kind === 'one' ? [p.post.id] : p.ids) next.delete(id)
        return next
      })
      setPending(null)
      if (list.length === (p.kind === 'one' ? 1 : p.ids.length) && page > 1) setPage(page - 1)
      void refresh()
    },
    onError: (err, p) => {
      toast.error(p.kind === 'one' ? 'Error deleting post' : 'Error deleting posts', { description: errorMessage(err) })
      setPending(null)
    },
  })

  const confirmTitle =
    pending?.kind === 'one' ? DELETE_ONE_QUESTION : pending ? bulkDeleteQuestion(pending.ids.length) : ''
  const confirmText =
    pending?.kind === 'one'
      ? `“${pending.post.title}” will be removed from your blog and its feeds. This cannot be undone.`
      : 'They will be removed from your blog and its feeds. This cannot be undone.'

  const generateButton = (
    <Button onClick={() => setGenerateOpen(true)}>
      <Sparkles aria-hidden="true" /> Generate post
    </Button>
  )

  return (
    <OwnerPage
      title="My Posts"
      subtitle={posts.data ? `${total} ${total === 1 ? 'post' : 'posts'}${filtered ? ' match your filters' : ''}` : 'Loading...'}
      blogPath={me.workspace ? `/blog/${me.workspace.slug}` : undefined}
      actions={generateButton}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative sm:w-72">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <label htmlFor="post-search" className="sr-only">
            Search posts by title
          </label>
          <Input
            id="post-search"
            type="search"
            placeholder="Search by title"
            value={search}
            maxLength={200}
            onChange={(e) => {
              setSearch(e.target.value)
              resetPaging()
            }}
            className="pl-9"
          />
        </div>
        <div className="sm:w-56">
          <label htmlFor="post-category" className="sr-only">
            Filter by category
          </label>
          <Select
            value={category}
            onValueChange={(v) => {
              setCategory(v)
              resetPaging()
            }}
          >
            <SelectTrigger id="post-category">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All categories</SelectItem>
              {(categories.data ?? []).map((c) => (
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
              <Checkbox checked={allSelected} indeterminate={someSelected} onChange={toggleAll} />
              Select all
            </label>
          )}
          {visibleSelected.length > 0 && (
            <Button variant="destructive" onClick={() => setPending({ kind: 'many', ids: visibleSelected })} className="ml-auto">
              <Trash2 aria-hidden="true" /> Delete ({visibleSelected.length})
            </Button>
          )}
        </div>
      </div>

      <div className="mt-6">
        {posts.isLoading ? (
          <div className="space-y-2" aria-busy="true">
            <p role="status" className="sr-only">
              Loading...
            </p>
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-16 rounded-xl" />
            ))}
          </div>
        ) : posts.isError ? (
          <ErrorBlock error={posts.error} onRetry={() => void posts.refetch()} />
        ) : list.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={<Search className="size-6" aria-hidden="true" />}
              title="No posts match your filters."
              action={
                <Button
                  variant="outline"
                  onClick={() => {
                    setSearch('')
                    setCategory(ALL)
                    resetPaging()
                  }}
                >
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState title="No posts yet. Create your first one!" action={generateButton} />
          )
        ) : (
          <>
            {/* Phones: cards */}
            <ul className="grid gap-3 md:hidden" aria-label="Posts">
              {list.map((p) => {
                const c = categoryOf(p, categories.data)
                return (
                  <li key={p.id} className={cn('rounded-2xl border bg-white p-4 shadow-sm', selected.has(p.id) ? 'border-indigo-300 ring-1 ring-indigo-200' : 'border-slate-200')}>
                    <div className="flex items-start gap-3">
                      <Checkbox className="mt-1" checked={selected.has(p.id)} onChange={() => toggleOne(p.id)} aria-label={`Select ${p.title}`} />
                      <div className="min-w-0 flex-1">
                        <CategoryBadge slug={p.category} label={p.categoryName || c?.name} color={c?.colorHex} />
                        <p className="mt-2 font-semibold leading-snug text-slate-900">{p.title}</p>
                        <p className="mt-1 flex items-center gap-3 text-xs text-slate-500">
                          <time dateTime={p.publishedAt}>{formatShortDate(p.publishedAt)}</time>
                          <span className="inline-flex items-center gap-1">
                            <Eye className="size-3.5" aria-hidden="true" />
                            {p.viewCount} <span className="sr-only">views</span>
                          </span>
                        </p>
                      </div>
                    </div>
                    <RowActions
                      post={p}
                      className="mt-3 justify-end border-t border-slate-100 pt-2"
                      onShare={() => setSharing(p)}
                      onEdit={() => setEditing(p)}
                      onDelete={() => setPending({ kind: 'one', post: p })}
                    />
                  </li>
                )
              })}
            </ul>

            {/* Tablets and up: table */}
            <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Your posts</caption>
                <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-500">
                  <tr>
                    <th scope="col" className="w-12 px-4 py-3">
                      <Checkbox checked={allSelected} indeterminate={someSelected} onChange={toggleAll} aria-label="Select all posts" />
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">Category</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Title</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Published</th>
                    <th scope="col" className="px-4 py-3 text-right font-semibold">Views</th>
                    <th scope="col" className="px-4 py-3 text-right font-semibold">Actions</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {list.map((p) => {
                    const c = categoryOf(p, categories.data)
                    const on = selected.has(p.id)
                    return (
                      <tr key={p.id} className={cn('transition-colors', on ? 'bg-indigo-50/60' : 'hover:bg-slate-50')}>
                        <td className="px-4 py-3">
                          <Checkbox checked={on} onChange={() => toggleOne(p.id)} aria-label={`Select ${p.title}`} />
                        </td>
                        <td className="whitespace-nowrap px-4 py-3">
                          <CategoryBadge slug={p.category} label={p.categoryName || c?.name} color={c?.colorHex} />
                        </td>
                        <td className="px-4 py-3 font-medium text-slate-900">
                          <span className="line-clamp-2">{p.title}</span>
                        </td>
                        <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                          <time dateTime={p.publishedAt}>{formatShortDate(p.publishedAt)}</time>
                        </td>
                        <td className="px-4 py-3 text-right tabular-nums text-slate-700">{p.viewCount}</td>
                        <td className="px-2 py-1.5">
                          <RowActions
                            post={p}
                            className="justify-end"
                            onShare={() => setSharing(p)}
                            onEdit={() => setEditing(p)}
                            onDelete={() => setPending({ kind: 'one', post: p })}
                          />
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>

            {pages > 1 && (
              <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
                <Button variant="outline" size="sm" onClick={() => { setPage(page - 1); setSelected(new Set()) }} disabled={page <= 1}>
                  <ChevronLeft aria-hidden="true" /> Previous
                </Button>
                <p className="text-sm text-slate-600">
                  Page {page} of {pages}
                </p>
                <Button variant="outline" size="sm" onClick={() => { setPage(page + 1); setSelected(new Set()) }} disabled={page >= pages}>
                  Next <ChevronRight aria-hidden="true" />
                </Button>
              </nav>
            )}
          </>
        )}
      </div>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title={confirmTitle}
        description={confirmText}
        busy={remove.isPending}
        onConfirm={() => pending && remove.mutate(pending)}
      />
      <ShareKitDialog post={sharing} onClose={() => setSharing(null)} />
      <EditPostDialog post={editing} onClose={() => setEditing(null)} />
      <GenerateDialog open={generateOpen} onOpenChange={setGenerateOpen} />
    </OwnerPage>
  )
}

export default function MyPosts() {
  usePageMeta('My Posts')
  return <RequireSession redirectTo="/admin/login">{(me) => <PostsScreen me={me} />}</RequireSession>
}
