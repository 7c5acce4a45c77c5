import { useEffect } from 'react'
import { PRODUCT_NAME } from '@/lib/constants'

/** Separators between a page's name and the name of the blog or site it belongs to. */
const TITLE_SEPARATORS = [' | ', ' – ', ' — ', ' - ']

/**
 * '{title} | InkPress', or 'InkPress' alone when the title is empty or the product name. A title that
 * already ends with the product name ('Keto – InkPress') is kept as it is, never 'Keto – InkPress | InkPress'.
 * The server's head says the same (server/site/head.go FullTitle).
 */
export function pageTitle(title?: string | null): string {
  const t = title?.trim()
  if (!t || t === PRODUCT_NAME) return PRODUCT_NAME
  if (TITLE_SEPARATORS.some((sep) => t.endsWith(sep + PRODUCT_NAME))) return t
  return `${t} | ${PRODUCT_NAME}`
}

/**
 * A page of a workspace blog: '{page} – {blog}', or the page alone when the blog is the site's own
 * (its title is the product name) or has no title. pageTitle then adds ' | InkPress'.
 */
export function blogPageTitle(page: string, blogTitle?: string | null): string {
  const b = blogTitle?.trim()
  return !b || b === PRODUCT_NAME ? page : `${page} – ${b}`
}

function setMeta(selector: string, attr: 'content' | 'href', value: string) {
  const el = document.head.querySelector(selector)
  if (el) el.setAttribute(attr, value)
}

/**
 * Keeps document.title (and, when the server put them in the head, the description and
 * social tags) in sync during client-side navigation.
 */
export function usePageMeta(title?: string | null, description?: string | null) {
  useEffect(() => {
    const full = pageTitle(title)
    document.title = full
    setMeta('meta[property="og:title"]', 'content', full)
    setMeta('meta[name="twitter:title"]', 'content', full)
    if (description) {
      setMeta('meta[name="description"]', 'content', description)
      setMeta('meta[property="og:description"]', 'content', description)
      setMeta('meta[name="twitter:description"]', 'content', description)
    }
    const url = window.location.origin + window.location.pathname
    setMeta('link[rel="canonical"]', 'href', url)
    setMeta('meta[property="og:url"]', 'content', url)
  }, [title, description])
}

/** Only the title. */
export function useDocumentTitle(title?: string | null) {
  usePageMeta(title)
}
