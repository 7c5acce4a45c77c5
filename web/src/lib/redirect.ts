import type { Me } from '@/api/types'

/** Accepts only same-site absolute paths ("/x"), never "//host" or "/\\host" or schemes. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next) return null
  if (!next.startsWith('/')) return null
  if (next.startsWith('//') || next.startsWith('/\\')) return null
  for (let i = 0; i < next.length; i++) if (next.charCodeAt(i) < 32) return null
  return next
}

/** Where a signed-in user lands after login. */
export function landingPathFor(me: Me, next?: string | null): string {
  if (me.isAdmin) return '/admin/dashboard'
  return safeNextPath(next) ?? '/dashboard'
}
