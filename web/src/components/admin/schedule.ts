/** The scheduler's choices, rules and request bodies (docs/product.md), kept pure for tests. */
import { addDays, format, isValid, parse } from 'date-fns'
import type { BulkScheduleInput, Frequency, InputMode, PlannedPost, ScheduleInput, PlanStatus } from '@/api/types'
import { toBanners, type BannerDraft } from '@/lib/banners'
import { MSG_MISSING } from '@/lib/forms'
import { LIMITS } from '@/api/types'

export const FREQUENCIES: { value: Frequency; label: string }[] = [
  { value: 'once', label: 'Once' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
]

export const STATUS_LABEL: Record<PlanStatus, string> = { pending: 'Pending', completed: 'Completed', failed: 'Failed' }

export const BULK_MIN = LIMITS.bulkScheduleMin
export const BULK_MAX = LIMITS.bulkScheduleMax
export const BULK_DEFAULT = LIMITS.bulkScheduleDefault

export interface ToastText {
  title: string
  description: string
}

export const MSG_TOPIC_REQUIRED: ToastText = { title: 'Topic required', description: 'Please enter a base topic or title' }
export const MSG_START_DATE: ToastText = { title: 'Date required', description: 'Please select a start date' }
export const MSG_BAD_COUNT: ToastText = { title: 'Invalid number', description: 'Please enter between 1 and 30 posts' }
export const RETRY_NOTE = 'It will be processed at the next run.'

/** The number of posts typed in the bulk dialog: an integer, or 1 when it is not a number. */
export function parseCount(raw: string | number): number {
  const n = typeof raw === 'number' ? Math.trunc(raw) : Number.parseInt(raw.trim(), 10)
  return Number.isFinite(n) ? n : 1
}

export interface BulkForm {
  category: string
  inputMode: InputMode
  topic: string
  /** 'YYYY-MM-DD' from a date input. */
  startDate: string
  /** As typed; see parseCount. */
  count: string
  generateImage: boolean
}

export function emptyBulkForm(category = ''): BulkForm {
  return { category, inputMode: 'topic', topic: '', startDate: '', count: String(BULK_DEFAULT), generateImage: true }
}

export type BulkField = 'topic' | 'startDate' | 'count' | 'category'

/**
 * Bulk schedule rules in the form's order: a non-blank topic or title ('Topic required'), a start
 * date, 1-30 posts ('Invalid number'), then a category. Returns the toast and the field at fault,
 * or the number of posts to schedule.
 */
export function validateBulk(form: BulkForm): { ok: true; count: number } | { ok: false; field: BulkField; toast: ToastText } {
  if (!form.topic.trim()) return { ok: false, field: 'topic', toast: MSG_TOPIC_REQUIRED }
  if (!parseLocalDate(form.startDate)) return { ok: false, field: 'startDate', toast: MSG_START_DATE }
  const count = parseCount(form.count)
  if (count < BULK_MIN || count > BULK_MAX) return { ok: false, field: 'count', toast: MSG_BAD_COUNT }
  if (!form.category) return { ok: false, field: 'category', toast: MSG_MISSING }
  return { ok: true, count }
}

/** A 'YYYY-MM-DD' date at local midnight, or null. */
export function parseLocalDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  const d = parse(value, 'yyyy-MM-dd', new Date())
  return isValid(d) ? d : null
}

/** RFC 3339 in UTC without milliseconds. */
export function toRfc3339(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** The request body for POST /api/workspace/scheduled/bulk: the first post at local midnight of the start date. */
export function toBulkInput(form: BulkForm, count: number): BulkScheduleInput {
  const start = parseLocalDate(form.startDate) ?? new Date()
  return {
    category: form.category,
    topic: form.topic.trim(),
    inputMode: form.inputMode,
    startDate: toRfc3339(start),
    count,
    generateImage: form.generateImage,
  }
}

/** 'Jan 5 – Feb 3, 2025': the days a bulk schedule covers (one post a day). */
export function bulkRange(startDate: string, count: number): string {
  const start = parseLocalDate(startDate)
  if (!start || count < BULK_MIN || count > BULK_MAX) return ''
  const end = addDays(start, count - 1)
  if (count === 1) return format(start, 'MMM d, yyyy')
  const sameYear = start.getFullYear() === end.getFullYear()
  return `${format(start, sameYear ? 'MMM d' : 'MMM d, yyyy')} – ${format(end, 'MMM d, yyyy')}`
}

export interface ScheduleForm {
  category: string
  frequency: Frequency
  inputMode: InputMode
  topic: string
  random: boolean
  /** 'YYYY-MM-DDTHH:mm' from a datetime-local input. */
  scheduledFor: string
  generateImage: boolean
  banners: BannerDraft[]
}

export function emptyScheduleForm(category = ''): ScheduleForm {
  return { category, frequency: 'once', inputMode: 'topic', topic: '', random: false, scheduledFor: '', generateImage: true, banners: [] }
}

export type ScheduleErrors = Partial<Record<'category' | 'topic' | 'scheduledFor', string>>

/** A datetime-local value as a local Date, or null. */
export function parseLocalDateTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null
  const d = new Date(value)
  return isValid(d) ? d : null
}

/** Single scheduling: a category, a topic unless 'Generate random topic' is ticked, and a date-time. */
export function validateSchedule(form: ScheduleForm): ScheduleErrors {
  const errors: ScheduleErrors = {}
  if (!form.category) errors.category = 'Choose a category'
  if (!form.random && !form.topic.trim()) errors.topic = form.inputMode === 'title' ? 'Please enter a title' : 'Please enter a topic'
  if (!parseLocalDateTime(form.scheduledFor)) errors.scheduledFor = 'Please select a date and time'
  return errors
}

/** The request body for POST /api/workspace/scheduled (topic null = random). */
export function toScheduleInput(form: ScheduleForm): ScheduleInput {
  const when = parseLocalDateTime(form.scheduledFor) ?? new Date()
  return {
    category: form.category,
    topic: form.random ? null : form.topic.trim(),
    inputMode: form.inputMode,
    scheduledFor: toRfc3339(when),
    frequency: form.frequency,
    generateImage: form.generateImage,
    banners: toBanners(form.banners),
  }
}

/** The feature badges of a scheduled post: Title or Topic (how it is written), Image, Banners. */
export function featuresOf(item: Pick<PlannedPost, 'inputMode' | 'topic' | 'generateImage' | 'banners'>): string[] {
  const out: string[] = []
  if (item.topic !== null && item.topic.trim() !== '') out.push(item.inputMode === 'title' ? 'Title' : 'Topic')
  if (item.generateImage) out.push('Image')
  if (item.banners && item.banners.length > 0) out.push('Banners')
  return out
}

/** The topic cell: 'Random' when the AI picks the topic. */
export function topicLabel(topic: string | null): string {
  return topic === null || topic.trim() === '' ? 'Random' : topic
}

/** 'YYYY-MM-DD' for today (local), the earliest start date offered. */
export function todayLocal(now = new Date()): string {
  return format(now, 'yyyy-MM-dd')
}
