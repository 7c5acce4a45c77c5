/** Share links and the per-platform share kit (limits and counts in docs/product.md). */
import { stripHtml } from './text'
import { composeUrl, networkLabel, shareUrl } from './networks'

/** The share kit's platforms: social networks (internal/social) by their ids. */
export type Platform = 'x' | 'linkedin' | 'facebook' | 'instagram'

export const PLATFORM_LIMITS: Record<Platform, number> = {
  x: 280,
  linkedin: 3000,
  facebook: 63206,
  instagram: 2200,
}
export const DEFAULT_PLATFORM_LIMIT = 1000

const EXCERPT_SENTENCES: Record<Platform, number> = { x: 1, linkedin: 3, facebook: 2, instagram: 2 }
const HASHTAG_COUNT: Record<Platform, number> = { x: 2, linkedin: 5, facebook: 2, instagram: 10 }
const MAX_EXCERPT_CHARS = 300

export const COPY_CONFIRM_MS = 2000

export interface ShareLinks {
  x: string
  linkedin: string
  facebook: string
}

/** X intent, LinkedIn share-offsite and Facebook sharer links for a canonical URL (the networks' share pages). */
export function shareLinks(url: string, title: string): ShareLinks {
  return { x: shareUrl('x', url, title), linkedin: shareUrl('linkedin', url, title), facebook: shareUrl('facebook', url, title) }
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

/**
 * The running text of a post for its excerpt: the paragraphs when the HTML has any (headings,
 * lists and banners would read badly in a social post), otherwise all of its text.
 */
export function bodyText(html: string): string {
  const paragraphs = [...html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/gi)]
    .map((m) => stripHtml(m[1]))
    .filter(Boolean)
  return paragraphs.length ? paragraphs.join(' ') : stripHtml(html)
}

/** The first n sentences of a text, cut to max characters (with an ellipsis when cut). */
export function firstSentences(text: string, n: number, max = MAX_EXCERPT_CHARS): string {
  // A sentence ends at . ! or ? followed by white space (so '1.5' or 'e.g.x' do not split).
  const sentences = text.trim() ? text.trim().split(/(?<=[.!?])\s+/) : []
  let out = sentences
    .slice(0, n)
    .map((s) => s.trim())
    .join(' ')
    .trim()
  if (out.length > max) out = out.slice(0, max - 3).trimEnd() + '...'
  return out
}

/**
 * Hashtag for a category or tag: '#' + the words joined without spaces, the first word lowercased
 * and the following ones capitalised ('low carb' -> '#lowCarb', 'SEO' -> '#seo'). Empty when the
 * input has no letters or digits.
 */
export function toHashtag(tag: string): string {
  const words = tag
    .replace(/^#+/, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.toLowerCase())
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

export const SHARE_PLATFORMS: Platform[] = ['x', 'linkedin', 'facebook', 'instagram']

export const PLATFORM_LABELS = Object.fromEntries(SHARE_PLATFORMS.map((p) => [p, networkLabel(p)])) as Record<Platform, string>

/**
 * Where to post the text: the X intent carries the whole text; LinkedIn and Facebook take only
 * the URL (they read the preview from the page); Instagram has no web share page (null).
 */
export function platformShareUrl(platform: Platform, url: string, text: string): string | null {
  return composeUrl(platform, text) || shareUrl(platform, url, text) || null
}

/** How many excerpt sentences and hashtags each platform gets. */
export function platformRecipe(platform: Platform): { sentences: number; hashtags: number } {
  return { sentences: EXCERPT_SENTENCES[platform], hashtags: HASHTAG_COUNT[platform] }
}

/**
 * Ready-to-paste text for one platform: the title, the first 1/3/2/2 sentences of the post
 * (at most 300 characters), 2/5/2/10 hashtags from the category and the first three tags, and the
 * post URL, separated by blank lines.
 */
export function shareText(platform: Platform, input: ShareKitInput): string {
  const { sentences, hashtags: count } = platformRecipe(platform)
  const excerpt = firstSentences(bodyText(input.content), sentences)
  const tags = hashtags(input.category, input.tags, count).join(' ')
  return [input.title.trim(), excerpt, tags, input.url.trim()].filter(Boolean).join('\n\n')
}

/** Characters as a person counts them (emoji and other astral symbols count once). */
export function charCount(text: string): number {
  return Array.from(text).length
}

export function shareKit(input: ShareKitInput): ShareKitEntry[] {
  return SHARE_PLATFORMS.map((platform) => {
    const text = shareText(platform, input)
    const limit = platformLimit(platform)
    const length = charCount(text)
    return { platform, text, length, limit, status: charStatus(length, limit) }
  })
}
