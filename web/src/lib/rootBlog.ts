import { createContext, useContext } from 'react'
import { DOM } from '@/api/shared.gen'

/**
 * The workspace blog served at this host's root: set on a workspace's custom domain (named in the page
 * head by the server, and by GET /api/site as `blog`), null on the InkPress site itself. Routes at "/", "/:category" and
 * "/:category/:slug" then render that blog, and links into it stay root-relative (see lib/paths.ts).
 */
export interface RootBlog {
  slug: string
}

export const RootBlogContext = createContext<RootBlog | null>(null)

export function useRootBlog(): RootBlog | null {
  return useContext(RootBlogContext)
}

/**
 * The root blog the server named in the page head (`<meta name="inkpress-blog">`, written on a workspace's
 * custom domain), so the first render is already that blog's, without waiting for GET /api/site.
 */
export function headRootBlog(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): string | null {
  const content = doc?.querySelector<HTMLMetaElement>(`meta[name="${DOM.rootBlogMeta}"]`)?.content
  return content ? content : null
}
