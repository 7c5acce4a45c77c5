/** Links of the editor: what the link dialog's checkboxes mean as rel/target, and URL clean-up. */

export interface LinkOptions {
  sponsored: boolean
  nofollow: boolean
  newTab: boolean
}

export interface LinkAttrs {
  rel: string | null
  target: string | null
}

/**
 * rel and target as chosen: "sponsored", "nofollow", and "noopener" with target="_blank" for a
 * new tab, in that order; nothing chosen leaves both out.
 */
export function linkAttrs({ sponsored, nofollow, newTab }: LinkOptions): LinkAttrs {
  const rel = [sponsored && 'sponsored', nofollow && 'nofollow', newTab && 'noopener'].filter(Boolean).join(' ')
  return { rel: rel || null, target: newTab ? '_blank' : null }
}

/** The dialog's checkboxes for a link already in the text. */
export function linkOptions(attrs: { rel?: unknown; target?: unknown }): LinkOptions {
  const rel = typeof attrs.rel === 'string' ? attrs.rel.toLowerCase().split(/\s+/) : []
  return {
    sponsored: rel.includes('sponsored'),
    nofollow: rel.includes('nofollow'),
    newTab: attrs.target === '_blank',
  }
}

/**
 * The address to link to: http(s), mailto, a site path or an anchor as typed; a bare domain gets
 * https://. Anything else (javascript:, data:, spaces) is refused with null.
 */
export function normalizeHref(input: string): string | null {
  const text = input.trim()
  if (!text || /\s/.test(text)) return null
  if (/^(\/(?!\/)|#)/.test(text)) return text
  if (/^mailto:[^@]+@[^@]+$/i.test(text)) return text
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase()
  if (scheme && scheme !== 'http' && scheme !== 'https') {
    // "localhost:8080/x" reads as a scheme; a dotted host with a port does not
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+:\d+/i.test(text)) return null
  }
  const candidate = scheme === 'http' || scheme === 'https' ? text : `https://${text.replace(/^\/\//, '')}`
  try {
    const url = new URL(candidate)
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null
    return candidate
  } catch {
    return null
  }
}
