/** The SEO panel: length counters and the search-result preview. */
import { slugify } from '@/lib/keywords'
import { stripHtml } from '@/lib/text'

/** What search engines show in full (advice, not limits: longer text is still saved). */
export const SEO_LENGTH = { metaTitle: 60, metaDescription: 160 } as const

/** Meta description fallback: the text without tags, its first 155 characters and an ellipsis. */
export const EXCERPT_LENGTH = 155

export function counter(text: string, max: number): { label: string; over: boolean } {
  const n = [...text].length
  return { label: `${n}/${max}`, over: n > max }
}

/** The post's text without tags, first 155 characters, '...' when longer (the server's fallback). */
export function excerpt(html: string, length = EXCERPT_LENGTH): string {
  const text = stripHtml(html)
  return [...text].length > length ? `${[...text].slice(0, length).join('').trimEnd()}...` : text
}

function clip(text: string, max: number): string {
  return [...text].length > max ? `${[...text].slice(0, max - 1).join('').trimEnd()}…` : text
}

export interface SearchPreview {
  title: string
  /** "host › blog › workspace › category › slug" */
  crumbs: string
  description: string
}

/**
 * The post as a search result: meta title (or title), the address with the slug as it will be
 * (or as the title makes it), meta description (or the excerpt).
 */
export function searchPreview(
  post: { title: string; metaTitle: string; metaDescription: string; content: string; slug: string; category: string },
  where: { host: string; basePath: string },
): SearchPreview {
  const slug = post.slug.trim() || slugify(post.title) || 'your-post'
  const parts = [where.host, ...where.basePath.split('/').filter(Boolean), post.category || 'category', slug]
  return {
    title: clip(post.metaTitle.trim() || post.title.trim() || 'Untitled post', SEO_LENGTH.metaTitle + 5),
    crumbs: parts.join(' › '),
    description: clip(post.metaDescription.trim() || excerpt(post.content), SEO_LENGTH.metaDescription + 5),
  }
}

/** The path before "/{category}/{slug}" of a post's public address: "/blog/{workspace}" or "" (the site). */
export function basePathOf(url: string | undefined, workspaceSlug: string): string {
  if (url) {
    const segs = url.split('?')[0].split('/').filter(Boolean)
    return segs.length >= 2 ? `/${segs.slice(0, -2).join('/')}`.replace(/^\/$/, '') : ''
  }
  return `/blog/${workspaceSlug}`
}
