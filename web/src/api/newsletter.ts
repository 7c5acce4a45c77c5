/** The newsletter's endpoints: a reader's links (confirm, leave) and the owner's list of subscribers. */
import { api } from './client'
import type { ImportResult, ImportRowError, Subscriber, SubscribersPage, SubscriberStatus, SubscriptionResponse } from './types'

// ---- A reader's links (from the confirmation and newsletter e-mails) ----
/** workspace names the blog whose page opened the link; left out, the blog at this host's root. */
export const confirmSubscription = (token: string, workspace?: string) =>
  api<SubscriptionResponse>('/api/subscribers/confirm', { method: 'POST', body: workspace ? { token, workspace } : { token } })

export const unsubscribe = (token: string, workspace?: string) =>
  api<SubscriptionResponse>('/api/subscribers/unsubscribe', { method: 'POST', body: workspace ? { token, workspace } : { token } })

// ---- The owner's list (admins: the site blog's) ----
export interface SubscribersQuery {
  /** Part of the address. */
  q?: string
  status?: SubscriberStatus
  page?: number
}

export const getSubscribers = (q: SubscribersQuery = {}, signal?: AbortSignal) =>
  api<SubscribersPage>('/api/workspace/subscribers', { query: { ...q }, signal })

export const deleteSubscriber = (id: Subscriber['id']) => api<void>(`/api/workspace/subscribers/${id}`, { method: 'DELETE' })

/** Sends a pending address its confirmation e-mail again. */
export const resendConfirmation = (id: Subscriber['id']) =>
  api<unknown>(`/api/workspace/subscribers/${id}/resend`, { method: 'POST' })

/** The confirmed addresses as a CSV download (a plain link: the browser saves the file). */
export const SUBSCRIBERS_EXPORT_URL = '/api/workspace/subscribers/export'

/**
 * Imports a CSV file's text (one address per row, first column), with where the list came from and
 * the owner's word that its people agreed to get the newsletter. All or nothing: a 400 answer's
 * ApiError body carries the refused rows (see importErrorRows).
 */
export const importSubscribers = (csv: string, source: string, consent: boolean) =>
  api<ImportResult>(
    `/api/workspace/subscribers/import?${new URLSearchParams({ consent: String(consent), source }).toString()}`,
    { method: 'POST', body: csv, contentType: 'text/csv' },
  )

/** The refused rows of a failed import's answer ({error, rows}); empty when it has none. */
export function importErrorRows(body: unknown): ImportRowError[] {
  const rows = (body as { rows?: unknown } | null | undefined)?.rows
  if (!Array.isArray(rows)) return []
  return rows.filter(
    (r): r is ImportRowError => typeof r === 'object' && r !== null && typeof (r as ImportRowError).line === 'number',
  )
}
