/** Share links and the per-platform share kit (seed section 9). */

export type Platform = 'twitter' | 'linkedin' | 'facebook' | 'instagram'

export const PLATFORM_LIMITS: Record<Platform, number> = {
  twitter: 280,
  linkedin: 3000,
  facebook: 63206,
  instagram: 2200,
}
export const DEFAULT_PLATFORM_LIMIT = 1000

const EXCERPT_SENTENCES: Record<Platform, number> = { twitter: 1, linkedin: 3, facebook: 2, instagram: 2 }
const HASHTAG_COUNT: Record<Platform, number> = { twitter: 2, linkedin: 5, facebook: 2, instagram: 10 }
const MAX_EXCERPT_CHARS = 300

export const COPY_CONFIRM_MS = 2000

export interface ShareLinks {
  x: string
  linkedin: string
  facebook: string
}

/** X intent, LinkedIn share-offsite and Facebook sharer links for a canonical URL. */
export function shareLinks(url: string, title: string): ShareLinks {
  const u = encodeURIComponent(url)
  return {
    x: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
  }
}

export function platformLimit(platform: string): number {
  return PLATFORM_LIMITS[platform as Platform] ?? DEFAULT_PLATFORM_LIMIT
}

export type CharStatus = 'Good' | 'Near limit' | 'Over limit!'

/** 'Good' below 90% of the limit, 'Near limit' from 90%, 'Over limit!' from 100%. */
export function charStatus(length: number, limit: number): CharStatus {
  if (length >= limit) return 'Over limit!'
  if (length >= limit * 0.9) return 'Near limit'
  return 'Good'
}

/** Plain text from HTML (no DOM needed). */
export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

/** The first n sentences of a text, cut to max characters (with an ellipsis when cut). */
export function firstSentences(text: string, n: number, max = MAX_EXCERPT_CHARS): string {
  const sentences = text.match(/[^.!?]+[.!?]+(?=\s|$)|[^.!?]+$/g) ?? []
  let out = sentences
    .slice(0, n)
    .map((s) => s.trim())
    .join(' ')
    .trim()
  if (out.length > max) out = out.slice(0, max - 3).trimEnd() + '...'
  return out
}

/** '#CamelCaseTag' style hashtag: words joined, non-alphanumerics dropped. */
export function toHashtag(tag: string): string {
  const words = tag
    .replace(/^#+/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  if (words.length === 0) return ''
  return '#' + words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('')
}

/** Hashtags from the category plus the first three tags, de-duplicated, at most `count`. */
export function hashtags(category: string, tags: string[], count: number): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const t of [category, ...tags.slice(0, 3)]) {
    const h = toHashtag(t)
    if (!h || seen.has(h.toLowerCase())) continue
    seen.add(h.toLowerCase())
    out.push(h)
  }
  return out.slice(0, count)
}

export interface ShareKitInput {
  title: string
  content: string // HTML or plain text
  url: string
  category: string
  tags: string[]
}

export interface ShareKitEntry {
  platform: Platform
  text: string
  length: number
  limit: number
  status: CharStatus
}

/** Ready-to-paste text for one platform. */
export function shareText(platform: Platform, input: ShareKitInput): string {
  const excerpt = firstSentences(stripHtml(input.content), EXCERPT_SENTENCES[platform])
  const tags = hashtags(input.category, input.tags, HASHTAG_COUNT[platform]).join(' ')
  if (platform === 'instagram') {
    // Links are not clickable in Instagram captions; point to the bio instead.
    return [input.title, excerpt, 'Link in bio.', tags].filter(Boolean).join('\n\n')
  }
  if (platform === 'twitter') {
    return [input.title, excerpt, input.url, tags].filter(Boolean).join('\n\n')
  }
  return [input.title, excerpt, `Read more: ${input.url}`, tags].filter(Boolean).join('\n\n')
}

export function shareKit(input: ShareKitInput): ShareKitEntry[] {
  return (Object.keys(PLATFORM_LIMITS) as Platform[]).map((platform) => {
    const text = shareText(platform, input)
    const limit = platformLimit(platform)
    return { platform, text, length: text.length, limit, status: charStatus(text.length, limit) }
  })
}
