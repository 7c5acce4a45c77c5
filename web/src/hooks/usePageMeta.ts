import { useEffect } from 'react'
import { PRODUCT_NAME } from '@/lib/constants'

/** '{title} | InkPress', or 'InkPress' alone when the title is empty or the product name. */
export function pageTitle(title?: string | null): string {
  const t = title?.trim()
  return !t || t === PRODUCT_NAME ? PRODUCT_NAME : `${t} | ${PRODUCT_NAME}`
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
