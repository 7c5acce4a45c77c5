import { useCallback, useState } from 'react'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { getMedia, getOwnerPost, getOwnerPosts, uploadMedia, type OwnerPostsQuery } from '@/api/endpoints'
import { ApiError, errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { MediaItem } from '@/api/types'
import { checkImageFile } from '@/lib/upload'
import { LIMITS } from '@/api/types'
import { mailUnderWay } from '@/features/post/newsletter'

export const MEDIA_LIMIT = LIMITS.libraryMax
export const MSG_LIBRARY_FULL = { title: 'Library full', description: 'Maximum 40 images allowed per workspace' }

/** One owner post with its editable body (GET /api/workspace/posts/{id}). */
export function useOwnerPost(id: number | null | undefined) {
  return useQuery({
    queryKey: qk.ownerPost(id ?? 0),
    queryFn: () => getOwnerPost(id ?? 0).then((r) => r.post),
    enabled: Boolean(id),
    staleTime: 30_000,
    refetchInterval: (q) => (mailUnderWay(q.state.data) ? MAIL_POLL_MS : false),
  })
}

/** How often the desk asks again for a post whose e-mail is under way. */
export const MAIL_POLL_MS = 3000

/** The workspace's media library (GET /api/workspace/media). */
export function useMediaLibrary(enabled = true) {
  return useQuery({ queryKey: qk.media, queryFn: getMedia, enabled, staleTime: 30_000 })
}

/**
 * Adds an image to the media library with the upload rules and toasts: images only
 * ('Invalid file type'), at most 5 MB ('File too large'), at most 40 per workspace ('Library full');
 * 'Success' or 'Upload failed'. Resolves to the new item, or null when nothing was added.
 */
export function useLibraryUpload({ count, limit = MEDIA_LIMIT, successText = 'Image added to your library.' }: { count: number; limit?: number; successText?: string }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const upload = useCallback(
    async (file: File | undefined): Promise<MediaItem | null> => {
      if (!file) return null
      const bad = checkImageFile(file)
      if (bad) {
        toast.error(bad.title, { description: bad.description })
        return null
      }
      if (count >= limit) {
        toast.error(MSG_LIBRARY_FULL.title, { description: MSG_LIBRARY_FULL.description })
        return null
      }
      setBusy(true)
      try {
        const { item } = await uploadMedia(file)
        await queryClient.invalidateQueries({ queryKey: qk.media })
        toast.success('Success', { description: successText })
        return item
      } catch (e) {
        if (e instanceof ApiError && e.code === 'library_full') {
          toast.error(MSG_LIBRARY_FULL.title, { description: MSG_LIBRARY_FULL.description })
          void queryClient.invalidateQueries({ queryKey: qk.media })
        } else {
          toast.error('Upload failed', { description: errorMessage(e) })
        }
        return null
      } finally {
        setBusy(false)
      }
    },
    [count, limit, successText, queryClient],
  )
  return { upload, busy }
}

/** The owner's posts page by page, for grids with a 'Load more' button. */
export function useInfiniteOwnerPosts(q: Omit<OwnerPostsQuery, 'page'>, enabled = true) {
  const limit = q.limit ?? 12
  return useInfiniteQuery({
    queryKey: qk.ownerPostsInfinite({ ...q, limit }),
    queryFn: ({ pageParam }) => getOwnerPosts({ ...q, limit, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * limit < last.total ? pages.length + 1 : undefined),
    enabled,
  })
}

/**
 * Refreshes everything a change to the owner's posts can affect: their lists, the usage counters,
 * the categories' post counts, the public blog pages and the admin's all-posts grid cached in this tab.
 */
export function useRefreshOwnerData() {
  const queryClient = useQueryClient()
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: qk.workspace }),
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
        queryClient.invalidateQueries({ queryKey: ['post'] }),
        queryClient.invalidateQueries({ queryKey: ['blog'] }),
        queryClient.invalidateQueries({ queryKey: ['categories'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'posts'] }),
      ]).then(() => undefined),
    [queryClient],
  )
}
