import { useEffect } from 'react'
import blogFontHrefs from 'virtual:blog-fonts'

/**
 * Adds a blog font's stylesheet to the document head unless a link to it is there already (the server
 * puts the first page's font into the head). Returns whether a link was added. Call from effects only.
 */
export function ensureFontStylesheet(name: string, doc: Document = document, hrefs: Record<string, string> = blogFontHrefs): boolean {
  const href = hrefs[name]
  if (!href) return false // the UI font, in the main CSS
  for (const link of doc.head.querySelectorAll('link[rel="stylesheet"]')) {
    if (link.getAttribute('href') === href) return false
  }
  const link = doc.createElement('link')
  link.rel = 'stylesheet'
  link.href = href
  link.dataset.font = name
  doc.head.append(link)
  return true
}

/** The fonts a server render asked for: the server links them in the page head (see entry-server.tsx). */
const serverFonts = new Set<string>()

/** The fonts the server render so far asked for, forgetting them. */
export function takeServerFonts(): string[] {
  const names = [...serverFonts]
  serverFonts.clear()
  return names
}

/**
 * Loads the named fonts' stylesheets once the component is on screen (font pickers, previews, blogs). On the
 * server, where effects never run, it notes them for the page head instead.
 */
export function useFontStylesheets(names: readonly string[]) {
  if (typeof window === 'undefined') for (const name of names) serverFonts.add(name)
  const key = names.join('|')
  useEffect(() => {
    for (const name of key.split('|')) ensureFontStylesheet(name)
  }, [key])
}
