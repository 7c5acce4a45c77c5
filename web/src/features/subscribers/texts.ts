/** The Subscribers screen's words and small rules, shared with its tests. */
import type { Subscriber, SubscriberCounts, SubscriberStatus } from '@/api/types'
import { countOf } from '@/lib/plural'
import { isUnlimited } from '@/lib/usage'

/** A status tab: every address, or one status. */
export type StatusFilter = 'all' | SubscriberStatus

export const STATUS_TABS: { value: StatusFilter; label: string; count: keyof SubscriberCounts }[] = [
  { value: 'all', label: 'All', count: 'total' },
  { value: 'confirmed', label: 'Confirmed', count: 'confirmed' },
  { value: 'pending', label: 'Pending', count: 'pending' },
  { value: 'unsubscribed', label: 'Unsubscribed', count: 'unsubscribed' },
  { value: 'bounced', label: 'Bounced', count: 'bounced' },
]

export const STATUS_BADGE: Record<SubscriberStatus, { label: string; variant: 'success' | 'secondary' | 'outline' | 'destructive' }> = {
  confirmed: { label: 'Confirmed', variant: 'success' },
  pending: { label: 'Pending', variant: 'secondary' },
  unsubscribed: { label: 'Unsubscribed', variant: 'outline' },
  bounced: { label: 'Bounced', variant: 'destructive' },
}

export const EMPTY_LIST = 'No subscribers yet. Share your blog to get your first readers.'
export const EMPTY_FILTERED = 'No subscribers match your search.'
export const DELETE_QUESTION = 'Are you sure you want to delete this subscriber?'

export function deleteDescription(s: Pick<Subscriber, 'email'>): string {
  return `“${s.email}” will be removed from your list and will get no more e-mails from it. This cannot be undone.`
}

/** '{n} of {max} subscribers' (pending and confirmed count against the plan), or just the count when unlimited. */
export function capText(counts: Pick<SubscriberCounts, 'pending' | 'confirmed'>, limit: number): string {
  const n = counts.pending + counts.confirmed
  if (!limit || isUnlimited(limit)) return countOf(n, 'subscriber')
  return `${n} of ${limit} subscribers`
}

/** The toast after an import: how many were added, and how many were already on the list. */
export function importedText(added: number, skipped: number): string {
  const a = `${countOf(added, 'subscriber')} imported`
  return skipped > 0 ? `${a}; ${skipped} already on your list.` : `${a}.`
}

/** The toast after an import whose addresses were sent a confirmation e-mail (a trial, a first large import). */
export function confirmingText(added: number, skipped: number): string {
  const a = `${countOf(added, 'address', 'addresses')} sent a confirmation e-mail; they get your posts once they confirm`
  return skipped > 0 ? `${a}. ${skipped} already on your list.` : `${a}.`
}

export const IMPORT_SOURCE_LABEL = 'Where did this list come from?'
export const IMPORT_CONSENT_LABEL = 'Everyone on this list agreed to receive my newsletter'
export const IMPORT_HINT = 'A CSV file with one e-mail address per row (first column). Only import people who agreed to get your e-mails.'
export const IMPORT_REFUSED = 'Nothing was imported. Fix these rows and try again:'
