import { useMemo, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { toast } from 'sonner'
import { bulkDeletePosts, deleteOwnerPost } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import type { PostSummary } from '@/api/types'
import { bulkDeletedMessage } from '@/lib/posts'
import { postsSummary } from '@/lib/plural'
import { useDebounced } from './useDebounced'
import { useOwnerPosts, useWorkspaceCategories } from './useWorkspace'
import { useRefreshOwnerData } from './useOwner'
import { useErrorToast } from './useErrorToast'

export const POSTS_PAGE_SIZE = 50
export const ALL_CATEGORIES = 'all'

export type PendingDelete = { kind: 'one'; post: PostSummary } | { kind: 'many'; ids: number[] } | null

/**
 * State of a workspace's posts table (My Posts and the admin dashboard): server-side title search
 * (debounced) and category filter, paging, selection, and the delete / share / edit targets.
 */
export function usePostsTable({ enabled = true }: { enabled?: boolean } = {}) {
  const [search, setSearchRaw] = useState('')
  const [category, setCategoryRaw] = useState(ALL_CATEGORIES)
  const [page, setPageRaw] = useState(1)
  const [selected, setSelected] = useState<Set<number>>(() => new Set())
  const [pending, setPending] = useState<PendingDelete>(null)
  const [sharing, setSharing] = useState<PostSummary | null>(null)
  const [editing, setEditing] = useState<PostSummary | null>(null)
  const refresh = useRefreshOwnerData()

  // The server searches titles case-insensitively; wait for a pause in typing.
  const debounced = useDebounced(search.trim())

  const filtered = Boolean(debounced) || category !== ALL_CATEGORIES
  const posts = useOwnerPosts(
    { search: debounced || undefined, category: category === ALL_CATEGORIES ? undefined : category, page, limit: POSTS_PAGE_SIZE },
    enabled,
  )
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
  const setPage = (p: number) => {
    setPageRaw(p)
    setSelected(new Set())
  }
  const clearFilters = () => {
    setSearchRaw('')
    setCategoryRaw(ALL_CATEGORIES)
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
    editing,
    setEditing,
  }
}

export type PostsTableState = ReturnType<typeof usePostsTable>
