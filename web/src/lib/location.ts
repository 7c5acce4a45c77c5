/**
 * The page's address. In the browser it is window.location; while the server renders a page it is the
 * request's address, set by the server entry before rendering (components must not touch window then).
 */
let serverHref = 'http://localhost/'

export function setServerHref(href: string): void {
  serverHref = href
}

export function currentHref(): string {
  return typeof window === 'undefined' ? serverHref : window.location.href
}

export function currentOrigin(): string {
  return new URL(currentHref()).origin
}
