import { useCallback, type Dispatch, type RefObject, type SetStateAction } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { getOwnerPost, newPreviewLink, regenerateCover, restoreRevision } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { Post, Revision } from '@/api/types'
import { useRefreshOwnerData } from '@/hooks/useOwner'
import { draftFromPost, isDirty } from './draft'
import type { Busy, DeskState } from './usePostDesk'

/** What the desk's tools borrow from usePostDesk: its store, its queue and its save. */
export interface DeskCore {
  store: RefObject<DeskState>
  commit: (next: Partial<DeskState>) => void
  enqueue: <T>(job: () => Promise<T>) => Promise<T>
  save: (kind: 'auto') => Promise<Post>
  ready: () => boolean
  setBusy: Dispatch<SetStateAction<Busy>>
  setContentVersion: Dispatch<SetStateAction<number>>
}

/** Restoring a revision, a new AI cover and the preview address: each queued with the saves. */
export function useDeskTools({ store, commit, enqueue, save, ready, setBusy, setContentVersion }: DeskCore) {
  const queryClient = useQueryClient()
  const refresh = useRefreshOwnerData()

  const restore = useCallback(
    (revision: Revision) =>
      enqueue(async () => {
        const { post } = store.current
        if (!post) return
        setBusy('restore')
        try {
          const answer = (await restoreRevision(post.id, revision.id)).post
          const d = draftFromPost(answer, answer.category)
          commit({ post: answer, draft: d, base: d })
          setContentVersion((v) => v + 1)
          queryClient.setQueryData(qk.ownerPost(answer.id), answer)
          void queryClient.invalidateQueries({ queryKey: qk.postRevisions(answer.id) })
          void refresh()
          toast.success('Revision restored')
        } catch (err) {
          toast.error('Error restoring revision', { description: errorMessage(err) })
        } finally {
          setBusy(null)
        }
      }),
    [enqueue, store, commit, setBusy, setContentVersion, queryClient, refresh],
  )

  /** A saved post to work on: a new post is created first, a draft's edits saved first. */
  const savedPost = useCallback(async (): Promise<Post | null> => {
    const { post, draft, base } = store.current
    if (post && !(post.status === 'draft' && isDirty(draft, base))) return post
    if (!draft.title.trim()) {
      ready()
      return null
    }
    return save('auto')
  }, [store, ready, save])

  const newCover = useCallback(
    () =>
      enqueue(async () => {
        setBusy('cover')
        try {
          const post = await savedPost()
          if (!post) return
          const res = await regenerateCover(post.id)
          const cover = { coverImageUrl: res.coverImageUrl, coverMediaId: null }
          void queryClient.invalidateQueries({ queryKey: qk.workspace })
          if (!res.applied) {
            // A live post: the new cover is one of the unsaved changes, published by Update (its alt text stays).
            commit({ draft: { ...store.current.draft, ...cover } })
            toast.success('Cover regenerated', { description: 'Update the post to publish the new cover.' })
            return
          }
          commit({ post: res.post, draft: { ...store.current.draft, ...cover }, base: { ...store.current.base, ...cover } })
          queryClient.setQueryData(qk.ownerPost(res.post.id), res.post)
          toast.success('Cover regenerated')
        } catch (err) {
          toast.error('Error generating image', { description: errorMessage(err) })
        } finally {
          setBusy(null)
        }
      }),
    [enqueue, store, savedPost, commit, setBusy, queryClient],
  )

  /** The private preview address of the post as saved (a new post is saved as a draft first). */
  const previewUrl = useCallback(
    () =>
      enqueue(async (): Promise<string | null> => {
        setBusy('preview')
        try {
          const post = await savedPost()
          if (!post) return null
          return post.previewUrl || (await getOwnerPost(post.id)).post.previewUrl || null
        } catch (err) {
          toast.error('Error opening preview', { description: errorMessage(err) })
          return null
        } finally {
          setBusy(null)
        }
      }),
    [enqueue, savedPost, setBusy],
  )

  /** A new preview link for a saved post, ending the one it had (shared too widely). */
  const newPreview = useCallback(
    () =>
      enqueue(async () => {
        const { post } = store.current
        if (!post) return
        setBusy('preview')
        try {
          const answer = (await newPreviewLink(post.id)).post
          const current = store.current.post
          // Only the link changes: the draft being edited stays as it is.
          commit({ post: { ...(current ?? answer), previewUrl: answer.previewUrl, previewExpiresAt: answer.previewExpiresAt } })
          queryClient.setQueryData(qk.ownerPost(answer.id), (old: Post | undefined) =>
            old ? { ...old, previewUrl: answer.previewUrl, previewExpiresAt: answer.previewExpiresAt } : answer,
          )
          toast.success('New preview link made', { description: 'The old link no longer works.' })
        } catch (err) {
          toast.error('Error making a new preview link', { description: errorMessage(err) })
        } finally {
          setBusy(null)
        }
      }),
    [enqueue, store, commit, setBusy, queryClient],
  )

  return { restore, newCover, previewUrl, newPreview }
}
