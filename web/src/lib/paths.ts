import { currentHref } from './location'
import type { Author, PostSummary } from '@/api/types'

/**
 * Path helpers for links into blogs. workspaceSlug names the blog; rootSlug is the blog served at this
 * host's root (a custom domain, see lib/rootBlog.ts): links into that blog are root-relative
 * (/{category}/{slug}), links into any other blog go under /blog/{ws}.
 */
function blogPrefix(workspaceSlug: string, rootSlug?: string): string {
  return rootSlug && workspaceSlug === rootSlug ? '' : `/blog/${encodeURIComponent(workspaceSlug)}`
}

/** A blog's home page: / for the root blog, else /blog/{ws}. */
export function blogHomePath(workspaceSlug: string, rootSlug?: string): string {
  return blogPrefix(workspaceSlug, rootSlug) || '/'
}

/** A blog's search page (the form sends ?q=): /search for the root blog, else /blog/{ws}/search. */
export function blogSearchPath(workspaceSlug: string, rootSlug?: string): string {
  return `${blogPrefix(workspaceSlug, rootSlug)}/search`
}

/**
 * Where a post card links: /blog/{ws}/{category}/{slug} when a workspace slug is given (/{category}/{slug}
 * when that workspace is the root blog), otherwise the canonical path from the server (post.url), else
 * /{category}/{slug}.
 */
export function postPath(post: Pick<PostSummary, 'category' | 'slug' | 'url'>, workspaceSlug?: string, rootSlug?: string): string {
  const cat = encodeURIComponent(post.category.toLowerCase())
  const slug = encodeURIComponent(post.slug)
  if (workspaceSlug) return `${blogPrefix(workspaceSlug, rootSlug)}/${cat}/${slug}`
  if (post.url && post.url.startsWith('/') && !post.url.startsWith('//')) return post.url
  return `/${cat}/${slug}`
}

export function categoryPath(category: string, workspaceSlug?: string, rootSlug?: string): string {
  const cat = encodeURIComponent(category.toLowerCase())
  return workspaceSlug ? `${blogPrefix(workspaceSlug, rootSlug)}/${cat}` : `/${cat}`
}

export function feedPath(opts: { workspace?: string; category?: string; rootSlug?: string } = {}): string {
  if (opts.workspace) {
    const base = `${blogPrefix(opts.workspace, opts.rootSlug)}/feed.xml`
    return opts.category ? `${base}?category=${encodeURIComponent(opts.category)}` : base
  }
  return opts.category ? `/${encodeURIComponent(opts.category)}/feed.xml` : '/feed.xml'
}

/** Where an author's link goes: the page's path on this origin (app navigation), else the full address. */
export function authorHref(author: Pick<Author, 'url'>): { to: string; internal: boolean } {
  try {
    const here = new URL(currentHref())
    const u = new URL(author.url, here)
    if (u.origin === here.origin) return { to: u.pathname, internal: true }
    return { to: u.href, internal: false }
  } catch {
    return { to: author.url, internal: false }
  }
}
