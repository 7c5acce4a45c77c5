import { useCallback, useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { createPost, updateOwnerPost } from '@/api/endpoints'
import { errorMessage, isApiError } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { Post, PostStatus } from '@/api/types'
import { useRefreshOwnerData } from '@/hooks/useOwner'
import { MSG_BAD_LINK, validateBanners, withoutBannerErrors, type BannerDraft, type BannerErrors } from '@/lib/banners'
import { afterSave, autosaveDraft, changes, draftFromPost, isDirty, toPostInput, type PostDraft } from './draft'
import { useDeskTools } from './useDeskTools'
import { ACTION_DONE, ACTION_ERROR, autosaves, statusPatch, type DeskAction } from './status'

/** How long typing must pause before a draft saves itself. */
export const AUTOSAVE_MS = 3000

export type Busy = DeskAction | 'auto' | 'restore' | 'cover' | 'preview' | null

export interface DeskErrors {
  title?: string
  slug?: string
  schedule?: string
  banners?: BannerErrors
}

export interface DeskState {
  /** The post as the server last answered (null until a new post is first saved). */
  post: Post | null
  draft: PostDraft
  /** The draft as last saved: what `changes` compares against. */
  base: PostDraft
}

/**
 * The post desk's state and its saves. Saves run one after another (a new post is created once);
 * each sends only what changed. Drafts save themselves AUTOSAVE_MS after the last edit; scheduled
 * and published posts change only through an action. The store lives in a ref so a queued save
 * reads what the user has typed by the time it runs.
 */
export function usePostDesk(initial: Post | null, defaultCategory: string, newsletterDefault = true) {
  const queryClient = useQueryClient()
  const refresh = useRefreshOwnerData()
  const [state, setState] = useState<DeskState>(() => {
    const d = draftFromPost(initial, defaultCategory, newsletterDefault)
    return { post: initial, draft: d, base: d }
  })
  const store = useRef(state)
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const [busy, setBusy] = useState<Busy>(null)
  const [failed, setFailed] = useState(false)
  const [saved, setSaved] = useState(false)
  const [errors, setErrors] = useState<DeskErrors>({})
  /** Changes when the body is replaced from outside (a restored revision): the editor remounts. */
  const [contentVersion, setContentVersion] = useState(0)

  const commit = useCallback((next: Partial<DeskState>) => {
    store.current = { ...store.current, ...next }
    setState(store.current)
  }, [])

  const edit = useCallback(
    (patch: Partial<PostDraft>) => {
      commit({ draft: { ...store.current.draft, ...patch } })
      if ('title' in patch) setErrors((e) => ({ ...e, title: undefined }))
      if ('slug' in patch) setErrors((e) => ({ ...e, slug: undefined }))
    },
    [commit],
  )

  const editBanners = useCallback(
    (update: (list: BannerDraft[]) => BannerDraft[]) => commit({ draft: { ...store.current.draft, banners: update(store.current.draft.banners) } }),
    [commit],
  )
  const clearBannerErrors = useCallback((key: string) => setErrors((e) => ({ ...e, banners: withoutBannerErrors(e.banners, key) })), [])
  const clearScheduleError = useCallback(() => setErrors((e) => ({ ...e, schedule: undefined })), [])

  /** Runs jobs one at a time, in order. */
  const enqueue = useCallback(<T,>(job: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(job)
    queue.current = run.catch(() => undefined)
    return run
  }, [])

  /** Sends the changes (and a status change); folds the answer back in. */
  const save = useCallback(
    async (kind: DeskAction | 'auto', publishAt?: string): Promise<Post> => {
      const { post, draft, base } = store.current
      const sent = kind === 'auto' ? autosaveDraft(draft, base) : draft
      const status = kind === 'auto' ? {} : statusPatch(kind, publishAt)
      let answer: Post
      if (!post) {
        answer = (await createPost(toPostInput(sent, status))).post
      } else {
        const patch = { ...changes(sent, base), ...status }
        if (Object.keys(patch).length === 0) return post
        answer = (await updateOwnerPost(post.id, patch)).post
      }
      commit({ post: answer, ...afterSave(sent, store.current.draft, answer) })
      queryClient.setQueryData(qk.ownerPost(answer.id), answer)
      void queryClient.invalidateQueries({ queryKey: qk.postRevisions(answer.id) })
      void queryClient.invalidateQueries({ queryKey: qk.ownerPostsAll })
      setSaved(true)
      setFailed(false)
      return answer
    },
    [commit, queryClient],
  )

  const failure = useCallback((err: unknown, title: string, action?: DeskAction) => {
    setFailed(true)
    if (isApiError(err, 409)) setErrors((e) => ({ ...e, slug: errorMessage(err) }))
    if ((action === 'schedule' || action === 'reschedule') && isApiError(err, 400)) setErrors((e) => ({ ...e, schedule: errorMessage(err) }))
    toast.error(title, { description: errorMessage(err) })
  }, [])

  const autosave = useCallback(
    () =>
      enqueue(async () => {
        const { post, draft, base } = store.current
        if ((post && post.status !== 'draft') || !draft.title.trim()) return
        if (!isDirty(autosaveDraft(draft, base), base)) return
        setBusy('auto')
        try {
          await save('auto')
        } catch (err) {
          failure(err, 'Error saving draft')
        } finally {
          setBusy(null)
        }
      }),
    [enqueue, save, failure],
  )

  const status: PostStatus = state.post?.status ?? 'draft'
  const dirty = isDirty(state.draft, state.base)
  useEffect(() => {
    if (!autosaves(status) || !dirty) return
    const timer = window.setTimeout(() => void autosave(), AUTOSAVE_MS)
    return () => window.clearTimeout(timer)
  }, [state.draft, status, dirty, autosave])

  /** Checks what an action needs (a title, complete banners); toasts and marks what is missing. */
  const ready = useCallback((): boolean => {
    const { draft } = store.current
    const banners = validateBanners(draft.banners)
    const next: DeskErrors = { title: draft.title.trim() ? undefined : 'Please enter a title', banners: banners.errors }
    setErrors((e) => ({ ...e, ...next }))
    if (next.title) toast.error('Title required', { description: 'Please enter a title' })
    else if (banners.badLink) toast.error(MSG_BAD_LINK.title, { description: MSG_BAD_LINK.description })
    else if (banners.errors) toast.error('Banner incomplete', { description: 'Each banner needs an image and a link, or remove it.' })
    return !next.title && !banners.errors
  }, [])

  const act = useCallback(
    (action: DeskAction, publishAt?: string) =>
      enqueue(async () => {
        if (!ready()) return false
        setBusy(action)
        try {
          await save(action, publishAt)
          setErrors({})
          toast.success(ACTION_DONE[action])
          void refresh()
          return true
        } catch (err) {
          failure(err, ACTION_ERROR[action], action)
          return false
        } finally {
          setBusy(null)
        }
      }),
    [enqueue, ready, save, refresh, failure],
  )

  const tools = useDeskTools({ store, commit, enqueue, save, ready, setBusy, setContentVersion })

  /** The post's e-mail changed outside a save (sent now): only its newsletter fields are taken. */
  const adoptNewsletter = useCallback(
    ({ newsletter, newsletterNote, newsletterRecipients }: Post) => {
      const current = store.current.post
      if (current) commit({ post: { ...current, newsletter, newsletterNote, newsletterRecipients } })
    },
    [commit],
  )

  return {
    ...state,
    status,
    dirty,
    busy,
    failed,
    saved,
    errors,
    contentVersion,
    edit,
    editBanners,
    clearBannerErrors,
    clearScheduleError,
    act,
    adoptNewsletter,
    ...tools,
  }
}

export type PostDesk = ReturnType<typeof usePostDesk>
