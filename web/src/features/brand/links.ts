import type { SocialLink, SocialNetwork } from '@/api/types'
import { LIMITS } from '@/api/types'

/** The networks a link may name, in the order the forms offer them. */
export const NETWORKS: { id: SocialNetwork; label: string }[] = [
  { id: 'website', label: 'Website' },
  { id: 'x', label: 'X' },
  { id: 'linkedin', label: 'LinkedIn' },
  { id: 'facebook', label: 'Facebook' },
  { id: 'instagram', label: 'Instagram' },
  { id: 'youtube', label: 'YouTube' },
  { id: 'github', label: 'GitHub' },
  { id: 'mastodon', label: 'Mastodon' },
  { id: 'bluesky', label: 'Bluesky' },
]

export function networkLabel(id: string): string {
  return NETWORKS.find((n) => n.id === id)?.label ?? id
}

export const LINK_ERROR = 'Use a full https:// address'

/** Whether url is what the server takes: an https address with a host (checked again there). */
export function validLink(url: string): boolean {
  const u = url.trim()
  if (!u || u.length > LIMITS.linkUrlMax || /\s/.test(u)) return false
  try {
    const parsed = new URL(u)
    return parsed.protocol === 'https:' && parsed.hostname !== '' && !parsed.username
  } catch {
    return false
  }
}

/** The rows to send: blank rows dropped, addresses trimmed. */
export function cleanLinks(rows: SocialLink[]): SocialLink[] {
  return rows.map((l) => ({ ...l, url: l.url.trim() })).filter((l) => l.url !== '')
}

/** The index of each row whose address the server would refuse. */
export function badLinks(rows: SocialLink[]): Set<number> {
  const bad = new Set<number>()
  rows.forEach((l, i) => {
    if (l.url.trim() !== '' && !validLink(l.url)) bad.add(i)
  })
  return bad
}
