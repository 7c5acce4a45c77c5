import type { SocialLink } from '@/api/types'
import { validLink } from '@/lib/networks'

export const LINK_ERROR = 'Use a full https:// address'

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
