import { useLocation } from 'react-router'
import { searchPath } from '@/lib/nav'
import { useRootBlog } from '@/lib/rootBlog'

/** The search page of the blog being read: /blog/{ws}/search inside a workspace blog, else the root blog's /search. */
export function useSearchTarget(): string {
  const { pathname } = useLocation()
  const root = useRootBlog()
  const ws = /^\/blog\/([^/]+)/.exec(pathname)?.[1]
  return ws ? searchPath(decodeURIComponent(ws), root?.slug) : searchPath()
}
