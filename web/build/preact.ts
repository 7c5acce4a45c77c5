import type { Alias } from 'vite'

/**
 * The app is written against React's API and ships on Preact through preact/compat: every React entry point
 * resolves to its Preact counterpart in the browser build and the server bundle. React's runtime alone is
 * about 55 KB brotli, more than half of a reader page's whole JavaScript budget; Preact's is under 10 KB.
 *
 * The dev server (React's fast refresh) and Vitest still render the components on React: Testing Library's act() and jsdom do not settle Preact's
 * batched renders the way the tests expect (77 of 748 failed, mostly dialogs and the editor). The browser
 * tests (e2e/) and the browser benchmark run the shipped Preact build.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
]
