import { fileURLToPath, URL } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { blogFonts } from './build/blogFonts'
import { keepPlaceholder } from './build/keepPlaceholder'
import { preactAliases } from './build/preact'
import { SEPARATE_FONTS } from './src/lib/fonts'

/**
 * The server bundle: the public routes of the app as one self-contained script, run by the Go server's
 * embedded JavaScript engine (internal/ssr). It exposes `begin`, `pass` and `data` (src/entry-server.tsx)
 * on the global `InkpressSSR`. Everything is bundled in (no Node built-ins exist there) and React's browser
 * server renderer is used.
 */
/**
 * The owner's and admin's screens are loaded on demand in the browser and never rendered by the server:
 * their dynamic imports become an empty module here, which keeps the editor and dashboards out of the bundle.
 */
function noLazyScreens(): Plugin {
  const empty = '\0inkpress-ssr-empty'
  return {
    name: 'inkpress:ssr-no-lazy-screens',
    resolveDynamicImport() {
      return empty
    },
    resolveId(id) {
      return id === empty ? id : null
    },
    load(id) {
      return id === empty ? 'export default function Unrendered() { return null }' : null
    },
  }
}

/**
 * core-js keeps a URL's or URLSearchParams' state in one WeakMap whose value points back at its key
 * (`state.facade = it`). The server's engine (QuickJS) holds a WeakMap's values strongly, so such an entry
 * is never collected: every URL the render made stayed in the engine's heap. Reporting no native WeakMap
 * makes core-js keep the state in a hidden property of the object instead, which the collector frees with it.
 */
function coreJsStateOnObjects(): Plugin {
  return {
    name: 'inkpress:ssr-core-js-state-on-objects',
    load(id) {
      return /[\\/]core-js[\\/]internals[\\/]weak-map-basic-detection\.js$/.test(id) ? 'module.exports = false' : null
    },
  }
}

// `vite build -c vite.ssr.config.ts` builds the bundle; with `--mode polyfills` the script that runs before it.
export default defineConfig(({ mode }) => {
  const polyfills = mode === 'polyfills'
  return {
  plugins: [react(), blogFonts(SEPARATE_FONTS), noLazyScreens(), coreJsStateOnObjects(), keepPlaceholder('dist-ssr')],
  publicDir: false,
  resolve: {
    alias: [...preactAliases, { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'webworker' },
  build: {
    ssr: polyfills ? 'src/ssr-polyfills.ts' : 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: !polyfills,
    sourcemap: false,
    minify: true,
    // ES2022 keeps class private fields (`#field`, TanStack Query's) as they are: below it they become one
    // module-level WeakMap per field keyed by the instance, and QuickJS, which holds a WeakMap's values
    // strongly, then kept every page's query client, queries and data (see docs/architecture.md).
    target: 'es2022',
    rollupOptions: {
      output: polyfills
        ? { format: 'iife', entryFileNames: 'polyfills.js' }
        : { format: 'iife', name: 'InkpressSSR', entryFileNames: 'entry-server.js' },
    },
  },
  }
})
