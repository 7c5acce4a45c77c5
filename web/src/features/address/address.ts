/** A blog's address: the words the fields show and the small rules they apply before asking the server. */

/** The server says the same of an empty address (internal/blog CheckAddress). */
export const ADDRESS_REQUIRED = 'Please enter a blog address'
export const ADDRESS_AVAILABLE = 'Available'
export const ADDRESS_CHECKING = 'Checking...'
export const ADDRESS_LABEL = 'Blog address'
export const ADDRESS_HINT = 'Lowercase letters, numbers and dashes. Your old address will keep sending readers to the new one.'

/** The address as the server reads it: no surrounding spaces, lower case. */
export function normalizeAddress(s: string): string {
  return s.trim().toLowerCase()
}

/** What the field shows before the address: the platform's host ('inkpress.dev', no scheme) and '/blog/'. */
export function addressPrefix(baseUrl: string | undefined): { host: string; path: string } {
  let host = ''
  try {
    host = baseUrl ? new URL(baseUrl).host : ''
  } catch {
    host = ''
  }
  return { host, path: '/blog/' }
}
