import { useMemo, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'
import { bulkDeletePosts, deleteOwnerPost } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import type { OwnerPostsQuery } from '@/api/endpoints'
import type { PostStatus, PostSummary } from '@/api/types'
import { bulkDeletedMessage } from '@/lib/posts'
import { postsSummary } from '@/lib/plural'
import { useDebounced } from './useDebounced'
import { useOwnerPosts, useWorkspaceCategories } from './useWorkspace'
import { useRefreshOwnerData } from './useOwner'
import { useErrorToast } from './useErrorToast'

export const POSTS_PAGE_SIZE = 50
export const ALL_CATEGORIES = 'all'

/** The status filter: every post, or only the published, scheduled or draft ones. */
export type StatusFilter = 'all' | PostStatus

const STATUSES: readonly string[] = ['published', 'scheduled', 'draft'] satisfies PostStatus[]

/** ?status= of the address: a post status, else 'all'. */
export function statusFilterOf(value: string | null): StatusFilter {
  return value && STATUSES.includes(value) ? (value as PostStatus) : 'all'
}

export type PendingDelete = { kind: 'one'; post: PostSummary } | { kind: 'many'; ids: number[] } | null

/**
 * State of a workspace's posts table (My Posts and the admin dashboard): server-side title search
 * (debounced), category filter and status filter (kept in the address as ?status=, so a link can
 * open the drafts), paging, selection, and the delete and share targets.
 */
export function usePostsTable({ enabled = true }: { enabled?: boolean } = {}) {
  const [search, setSearchRaw] = useState('')
  const [category, setCategoryRaw] = useState(ALL_CATEGORIES)
  const [page, setPageRaw] = useState(1)
  const [params, setParams] = useSearchParams()
  const status = statusFilterOf(params.get('status'))
  const [selected, setSelected] = useState<Set<number>>(() => new Set())
  const [pending, setPending] = useState<PendingDelete>(null)
  const [sharing, setSharing] = useState<PostSummary | null>(null)
  const refresh = useRefreshOwnerData()

  // The server searches titles case-insensitively; wait for a pause in typing.
  const debounced = useDebounced(search.trim())

  const filtered = Boolean(debounced) || category !== ALL_CATEGORIES || status !== 'all'
  // GET /api/workspace/posts?status=draft|scheduled|published (absent: every post).
  const query: OwnerPostsQuery & { status?: PostStatus } = {
    search: debounced || undefined,
    category: category === ALL_CATEGORIES ? undefined : category,
    status: status === 'all' ? undefined : status,
    page,
    limit: POSTS_PAGE_SIZE,
  }
  const posts = useOwnerPosts(query, enabled)
  const categories = useWorkspaceCategories(enabled)
  useErrorToast(posts, 'Error loading posts')
  const list = useMemo(() => posts.data?.posts ?? [], [posts.data])
  const total = posts.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / POSTS_PAGE_SIZE))

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
    setPageRaw(1)
    setSelected(new Set())
  }
  const setSearch = (v: string) => {
    setSearchRaw(v)
    resetPaging()
  }
  const setCategory = (v: string) => {
    setCategoryRaw(v)
    resetPaging()
  }
  const writeStatus = (v: StatusFilter) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (v === 'all') next.delete('status')
        else next.set('status', v)
        return next
      },
      { replace: true },
    )
  const setStatus = (v: StatusFilter) => {
    writeStatus(v)
    resetPaging()
  }
  const setPage = (p: number) => {
    setPageRaw(p)
    setSelected(new Set())
  }
  const clearFilters = () => {
    setSearchRaw('')
    setCategoryRaw(ALL_CATEGORIES)
    writeStatus('all')
    resetPaging()
  }

  const remove = useMutation({
    mutationFn: async (p: Exclude<PendingDelete, null>) => {
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
      if (list.length === (p.kind === 'one' ? 1 : p.ids.length) && page > 1) setPageRaw(page - 1)
      void refresh()
    },
    onError: (err, p) => {
      toast.error(p.kind === 'one' ? 'Error deleting post' : 'Error deleting posts', { description: errorMessage(err) })
      setPending(null)
    },
  })

  /** '{n} posts' ('1 post matches your filters' when filtered), or 'Loading...' before the first answer. */
  const summary = posts.data ? postsSummary(total, filtered) : 'Loading...'

  return {
    search,
    setSearch,
    category,
    setCategory,
    status,
    setStatus,
    page,
    setPage,
    pages,
    clearFilters,
    filtered,
    posts,
    categories,
    list,
    total,
    summary,
    selected,
    visibleSelected,
    allSelected,
    someSelected,
    toggleAll,
    toggleOne,
    pending,
    setPending,
    remove,
    sharing,
    setSharing,
  }
}

export type PostsTableState = ReturnType<typeof usePostsTable>
