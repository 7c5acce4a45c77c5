/** The schedule picker: <input type="datetime-local"> values (the user's time zone) and ISO UTC. */

const pad = (n: number) => String(n).padStart(2, '0')

function local(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** "YYYY-MM-DDTHH:mm" in local time for an ISO instant; "" when there is none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : local(d)
}

/** The ISO UTC instant of a datetime-local value read in the user's time zone; null when invalid. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

/** A first suggestion: the next full hour at least 30 minutes away. */
export function suggestedTime(now: Date = new Date()): string {
  const d = new Date(now.getTime() + 30 * 60_000)
  d.setMinutes(60, 0, 0)
  return local(d)
}

/** The earliest value the picker offers: now, to the minute. */
export function minInput(now: Date = new Date()): string {
  return local(now)
}

/** The user's time zone name, for the picker's hint ("Europe/Paris"). */
export function timeZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time'
  } catch {
    return 'local time'
  }
}
