import { useSearchParams } from 'react-router'

/**
 * Reader navigation paths (tag pages, search) under a blog's address, like lib/paths.ts: links into the blog at
 * this host's root (rootSlug) are root-relative, links into any other blog go under /blog/{ws}; without a
 * workspace they are the site's own.
 */
function prefix(workspaceSlug?: string, rootSlug?: string): string {
  return !workspaceSlug || (rootSlug && workspaceSlug === rootSlug) ? '' : `/blog/${encodeURIComponent(workspaceSlug)}`
}

/** A tag's page; slug is the tag's URL segment from the server (PostSummary.tagSlugs). */
export function tagPath(slug: string, workspaceSlug?: string, rootSlug?: string): string {
  return `${prefix(workspaceSlug, rootSlug)}/tag/${encodeURIComponent(slug)}`
}

/** A tag's RSS feed. */
export function tagFeedPath(slug: string, workspaceSlug?: string, rootSlug?: string): string {
  return `${tagPath(slug, workspaceSlug, rootSlug)}/feed.xml`
}

/** The blog's search page, with the text when given. */
export function searchPath(workspaceSlug?: string, rootSlug?: string, q?: string): string {
  const path = `${prefix(workspaceSlug, rootSlug)}/search`
  return q ? `${path}?q=${encodeURIComponent(q)}` : path
}

/** Tags with a page, as {name, slug} (the server sends the slugs in the same order as the tags). */
export function linkedTags(tags: string[] | null | undefined, slugs: string[] | null | undefined): { name: string; slug: string }[] {
  const out: { name: string; slug: string }[] = []
  ;(tags ?? []).forEach((name, i) => {
    const slug = slugs?.[i]
    if (name.trim() && slug) out.push({ name, slug })
  })
  return out
}

/**
 * The page a list was opened at (?page=N, as the server's pages link them): 1 when absent or not a page number.
 */
export function usePageParam(): number {
  const [params] = useSearchParams()
  const v = params.get('page') ?? ''
  const n = /^[1-9][0-9]{0,5}$/.test(v) ? Number(v) : 1
  return n
}
