import type { PostSummary } from '@/api/types'

/**
 * Where a post card links: /blog/{ws}/{category}/{slug} when a workspace slug is given,
 * otherwise the canonical path from the server (post.url), else /{category}/{slug}.
 */
export function postPath(post: Pick<PostSummary, 'category' | 'slug' | 'url'>, workspaceSlug?: string): string {
  const cat = encodeURIComponent(post.category.toLowerCase())
  const slug = encodeURIComponent(post.slug)
  if (workspaceSlug) return `/blog/${encodeURIComponent(workspaceSlug)}/${cat}/${slug}`
  if (post.url && post.url.startsWith('/') && !post.url.startsWith('//')) return post.url
  return `/${cat}/${slug}`
}

export function categoryPath(category: string, workspaceSlug?: string): string {
  const cat = encodeURIComponent(category.toLowerCase())
  return workspaceSlug ? `/blog/${encodeURIComponent(workspaceSlug)}/${cat}` : `/${cat}`
}

export function feedPath(opts: { workspace?: string; category?: string } = {}): string {
  if (opts.workspace) {
    const base = `/blog/${encodeURIComponent(opts.workspace)}/feed.xml`
    return opts.category ? `${base}?category=${encodeURIComponent(opts.category)}` : base
  }
  return opts.category ? `/${encodeURIComponent(opts.category)}/feed.xml` : '/feed.xml'
}
