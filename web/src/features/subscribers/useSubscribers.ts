import { useState } from 'react'
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { errorMessage, isApiError } from '@/api/client'
import { deleteSubscriber, getSubscribers, importErrorRows, importSubscribers, resendConfirmation } from '@/api/newsletter'
import { qk } from '@/api/queryKeys'
import type { ImportRowError, Subscriber } from '@/api/types'
import { useDebounced } from '@/hooks/useDebounced'
import { confirmingText, importedText, type StatusFilter } from './texts'

/** A CSV file's text (File.text where the browser has it). */
export function readText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text()
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result ?? ''))
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file.'))
    reader.readAsText(file)
  })
}

/**
 * The Subscribers screen's state: the status tab, the search (sent once typing pauses), the pages
 * loaded so far (50 each, "Load more"), and the delete, resend and import actions. Every change to
 * the list reloads it (and its counts).
 */
export function useSubscribers() {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<StatusFilter>('all')
  const [search, setSearch] = useState('')
  const q = useDebounced(search.trim(), 300)
  const [deleting, setDeleting] = useState<Subscriber | null>(null)
  const [importErrors, setImportErrors] = useState<ImportRowError[]>([])

  const filter = { q: q || undefined, status: status === 'all' ? undefined : status }
  const list = useInfiniteQuery({
    queryKey: qk.subscribers(filter),
    queryFn: ({ pageParam, signal }) => getSubscribers({ ...filter, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    // The tabs and counts stay while another tab or search loads.
    placeholderData: keepPreviousData,
  })
  const pages = list.data?.pages ?? []
  const first = pages[0]
  const subscribers = pages.flatMap((p) => p.subscribers ?? [])
  const refresh = () => queryClient.invalidateQueries({ queryKey: qk.subscribersAll })

  const remove = useMutation({
    mutationFn: (s: Subscriber) => deleteSubscriber(s.id),
    onSuccess: () => {
      toast.success('Success', { description: 'Subscriber deleted.' })
      setDeleting(null)
      void refresh()
    },
    onError: (err) => {
      toast.error('Delete failed', { description: errorMessage(err) })
      setDeleting(null)
    },
  })

  const resend = useMutation({
    mutationFn: (s: Subscriber) => resendConfirmation(s.id),
    onSuccess: (_, s) => toast.success('Confirmation sent', { description: `${s.email} will get a new confirmation e-mail.` }),
    onError: (err) => toast.error('Could not resend', { description: errorMessage(err) }),
  })

  const upload = useMutation({
    mutationFn: async ({ file, source, consent }: { file: File; source: string; consent: boolean }) =>
      importSubscribers(await readText(file), source, consent),
    onMutate: () => setImportErrors([]),
    onSuccess: (r) => {
      toast.success('Import complete', { description: r.confirming ? confirmingText(r.added, r.skipped) : importedText(r.added, r.skipped) })
      void refresh()
    },
    onError: (err) => {
      const rows = isApiError(err, 400) ? importErrorRows(err.body) : []
      setImportErrors(rows)
      toast.error('Import failed', { description: errorMessage(err) })
    },
  })

  return {
    status,
    setStatus,
    search,
    setSearch,
    /** A search or tab narrows the list (the empty state says so). */
    filtered: Boolean(q) || status !== 'all',
    list,
    subscribers,
    counts: first?.counts,
    limit: first?.limit ?? 0,
    deleting,
    setDeleting,
    remove,
    resend,
    upload,
    importErrors,
    clearImportErrors: () => setImportErrors([]),
  }
}

export type SubscribersState = ReturnType<typeof useSubscribers>
