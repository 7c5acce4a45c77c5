import type { Alias } from 'vite'

/**
 * The app is written against React's API and runs on Preact 11 through preact/compat everywhere: the browser
 * build, the server bundle, the dev server and Vitest. Every React entry point resolves to its Preact
 * counterpart here; the packages Node loads itself in Vitest (Testing Library, the router, ...) find the local
 * shims `build/react-preact` and `build/react-dom-preact` installed as `react` and `react-dom`. React's runtime
 * alone is about 55 KB brotli, more than half of a reader page's whole JavaScript budget; Preact's is under 10 KB.
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
