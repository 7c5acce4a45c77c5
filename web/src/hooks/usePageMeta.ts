import { useEffect } from 'react'
import { PRODUCT_NAME } from '@/lib/constants'
import { DOM, PAGE_TITLES } from '@/api/shared.gen'
import { EN } from '@/api/locale.gen'
import { readerText, type ReaderText } from '@/lib/readerText'

const ENGLISH = readerText(EN)

/** Separators between a page's name and the name of the blog or site it belongs to. */
const TITLE_SEPARATORS = [' | ', ' – ', ' — ', ' - ']

/**
 * '{title} | {name}', or the name alone when the title is empty or the name itself. A title that
 * already ends with the name ('Keto – InkPress') is kept as it is, never 'Keto – InkPress | InkPress'.
 * The name is the product's unless given. The server's head says the same (server/frontend/titles.go FullTitle).
 */
export function pageTitle(title?: string | null, name: string = PRODUCT_NAME): string {
  const t = title?.trim()
  if (!t || t === name) return name
  if (TITLE_SEPARATORS.some((sep) => t.endsWith(sep + name))) return t
  return `${t} | ${name}`
}

/**
 * The full title of a page of a blog: '{page} | {blog}', the blog's name alone on its home page, and
 * the product's name in place of the blog's on the site's own blog (no blog title). The server's head
 * says the same (server/frontend/titles.go BlogPageTitle).
 */
export function blogPageTitle(page: string | null | undefined, blogTitle?: string | null): string {
  return pageTitle(page, blogTitle?.trim() || PRODUCT_NAME)
}

// The names of reader pages, as the server's head writes them (server/frontend/titles.go; checked against
// its answers, TITLE_CASES, in routes/Titles.test.tsx).

/**
 * A list's later pages are numbered in the blog's language (`text`, English by default): '#keto – Page 2',
 * '#keto – Seite 2', 'Page 2' for a home page.
 */
export function pagedTitle(title: string, page: number, text: ReaderText = ENGLISH): string {
  if (page <= 1) return title
  const t = `${title} – ${text.t('pageN', { n: page })}`.trim()
  return t.startsWith('– ') ? t.slice(2) : t
}

/** A tag's page: '#{name}' (the tag as its posts spell it). */
export function tagTitle(name: string): string {
  return `#${name}`
}

/** A search page: 'Search', or 'Search: {words}'. */
export function searchTitle(q: string): string {
  const t = q.trim()
  return t ? `${PAGE_TITLES.search}: ${t}` : PAGE_TITLES.search
}

/** A post's private preview (title: its meta title, else its title). */
export function previewTitle(title: string): string {
  return `Preview: ${title}`
}

function setMeta(selector: string, attr: 'content' | 'href', value: string) {
  const el = document.head.querySelector(selector)
  if (el) el.setAttribute(attr, value)
}

/**
 * Keeps document.title (and, when the server put them in the head, the description and
 * social tags) in sync during client-side navigation. title is the page's own name (never a full
 * title: the blog's or the product's name is added here); blogTitle names the blog the page belongs
 * to (its pages carry its name instead of the product's). A page that does not know its title yet
 * (null or undefined: its data is on its way) leaves the head as it is: on a first load that is the
 * server's, which already says the right thing.
 */
export function usePageMeta(title?: string | null, description?: string | null, blogTitle?: string | null) {
  useEffect(() => {
    if (title == null) return
    const full = blogPageTitle(title, blogTitle)
    document.title = full
    setMeta('meta[property="og:title"]', 'content', full)
    setMeta('meta[name="twitter:title"]', 'content', full)
    if (blogTitle?.trim()) setMeta('meta[property="og:site_name"]', 'content', blogTitle.trim())
    if (description) {
      setMeta('meta[name="description"]', 'content', description)
      setMeta('meta[property="og:description"]', 'content', description)
      setMeta('meta[name="twitter:description"]', 'content', description)
    }
    const url = window.location.origin + window.location.pathname
    setMeta('link[rel="canonical"]', 'href', url)
    setMeta('meta[property="og:url"]', 'content', url)
  }, [title, description, blogTitle])
}

/** Only the title. */
export function useDocumentTitle(title?: string | null) {
  usePageMeta(title)
}

/**
 * Shows the blog's own browser icon while one of its pages is open (its owner's, or the one drawn from its
 * name and colour): the server names it in the head (link[data-blog-icon]), and a blog's page never names
 * the product's icon, so the product's links are taken out of the head meanwhile (a reader who came from the
 * product's pages) and put back when the reader leaves the blog.
 */
export function useBlogIcon(url?: string | null) {
  useEffect(() => {
    let link = document.head.querySelector<HTMLLinkElement>(`link[${DOM.blogIconAttr}]`)
    if (!url) {
      link?.remove()
      return
    }
    if (!link) {
      link = document.createElement('link')
      link.rel = 'icon'
      link.setAttribute(DOM.blogIconAttr, '')
      document.head.appendChild(link)
    }
    link.href = url
    const product = Array.from(document.head.querySelectorAll<HTMLLinkElement>(`link[rel~="icon"]:not([${DOM.blogIconAttr}])`))
    product.forEach((l) => l.remove())
    return () => {
      link?.remove()
      product.forEach((l) => document.head.appendChild(l))
    }
  }, [url])
}
