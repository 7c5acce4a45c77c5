/*
 * Dates in the app's three fixed English forms. date-fns' `format` brought every token and the whole
 * en-US locale into each reader page for these; Intl would depend on the engine's locale data (the
 * server renders pages in a JavaScript engine without it).
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

const BARE_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null
  let d: Date
  if (typeof value !== 'string') d = value
  else {
    // A bare date is a day in local time (Date would read it as UTC midnight).
    const day = BARE_DAY.exec(value)
    if (!day) d = new Date(value)
    else {
      const [y, m, n] = day.slice(1).map(Number)
      d = new Date(y, m - 1, n)
      if (d.getMonth() !== m - 1 || d.getDate() !== n) return null // 2025-02-30 is no day
    }
  }
  return Number.isNaN(d.getTime()) ? null : d
}

function dayOf(month: string, day: number, year: number): string {
  return `${month} ${day}, ${year}`
}

/**
 * A publication date's day (month 0-11) as readers see it, in UTC: the server renders public pages once for every reader, so
 * the day must not depend on the time zone of the machine that renders (feeds say UTC too). A bare date
 * ('2025-01-05') is that day.
 */
export function publicDay(value: string | Date | null | undefined): { year: number; month: number; day: number } | null {
  const d = toDate(value)
  if (!d) return null
  if (typeof value === 'string' && BARE_DAY.test(value)) return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate() }
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate() }
}

function publicDate(value: string | Date | null | undefined, month: (name: string) => string): string {
  const d = publicDay(value)
  return d ? dayOf(month(MONTHS[d.month]), d.day, d.year) : ''
}

/** Card date, e.g. 'Jan 5, 2025' (UTC). Empty string for a missing or invalid date. */
export function formatShortDate(value: string | Date | null | undefined): string {
  return publicDate(value, (m) => m.slice(0, 3))
}

/** Post page date, e.g. 'January 5, 2025' (UTC). Empty string for a missing or invalid date. */
export function formatLongDate(value: string | Date | null | undefined): string {
  return publicDate(value, (m) => m)
}

/** Date and time for tables, in the viewer's time zone, e.g. 'Jan 5, 2025, 3:04 PM'. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = toDate(value)
  if (!d) return ''
  const h = d.getHours()
  const time = `${h % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`
  return `${dayOf(MONTHS[d.getMonth()].slice(0, 3), d.getDate(), d.getFullYear())}, ${time}`
}

/** File sizes as B, KB or MB with one decimal: 0 B, 1023 B, 1.0 KB, 5.0 MB. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B'
  if (bytes < 1024) return `${Math.round(bytes)} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** A read time as whole minutes, at least one (the reader's texts count them: 'N MIN', 'N min read'). */
export function wholeMinutes(minutes: number): number {
  return Math.max(1, Math.round(minutes || 0))
}

/** Read time: words (split on spaces) / 200, rounded up. */
export function readMinutes(text: string): number {
  const words = text
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length
  return Math.max(1, Math.ceil(words / 200))
}

/** Shows 999999 (unlimited) as infinity. */
export function formatLimit(limit: number): string {
  return limit >= 999999 ? '∞' : String(limit)
}

/** '#TAG' label for a card (upper-cased, leading '#' added once). */
export function tagLabel(tag: string): string {
  return `#${tag.replace(/^#+/, '').trim().toUpperCase()}`
}
