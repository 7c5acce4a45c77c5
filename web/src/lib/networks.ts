import { NETWORKS } from '@/api/shared.gen'
import { LIMITS, type SocialNetwork } from '@/api/types'

/**
 * The social networks as the server's internal/social has them (NETWORKS is generated from it, and
 * networks.test.ts checks these functions against its answers).
 */
export { NETWORKS }

type Network = (typeof NETWORKS)[number]

function find(id: string): Network | undefined {
  return NETWORKS.find((n) => n.id === id)
}

/** The name readers see for a network: Website's for an unknown one. */
export function networkLabel(id: string): string {
  return (find(id) ?? NETWORKS[0]).label
}

function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\{(url|title|text)\}/g, (key, name: string) => (name in values ? encodeURIComponent(values[name]) : key))
}

/** The network's page that shares an address (titled title), '' when it has none. */
export function shareUrl(id: SocialNetwork, url: string, title: string): string {
  return fill(find(id)?.share ?? '', { url, title })
}

/** The network's page that posts a whole text, '' when it has none. */
export function composeUrl(id: SocialNetwork, text: string): string {
  return fill(find(id)?.compose ?? '', { text })
}

// Go's unicode.IsSpace and unicode.IsControl.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/
// A % that does not start an escape (Go's url.Parse refuses it; browsers keep it).
const BAD_ESCAPE = /%(?![0-9a-f]{2})/i

/**
 * Whether the server takes url as a profile link (it checks again): an https address with a host, at most
 * LIMITS.linkUrlMax bytes, without credentials, spaces or control characters. Surrounding spaces are trimmed.
 */
export function validLink(url: string): boolean {
  const u = url.trim()
  if (!u || new TextEncoder().encode(u).length > LIMITS.linkUrlMax || SPACE_OR_CONTROL.test(u) || BAD_ESCAPE.test(u)) return false
  // The address as written: browsers would also read "https:x.com" or "https:///x.com" as https://x.com/.
  const authority = /^https:\/\/([^/?#]*)/i.exec(u)?.[1]
  if (!authority || authority.includes('@') || authority.startsWith('.')) return false
  try {
    return new URL(u).protocol === 'https:'
  } catch {
    return false
  }
}
