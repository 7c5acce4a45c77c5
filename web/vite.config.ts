/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { blogFonts } from './build/blogFonts'
import { keepPlaceholder } from './build/keepPlaceholder'
import { preactAliases } from './build/preact'
import { compressAssets } from './build/compress'
import { SEPARATE_FONTS } from './src/lib/fonts'

const backend = process.env.INKPRESS_BACKEND ?? 'http://127.0.0.1:8080'

// Paths the Go server answers itself (API, uploaded media, feeds, sitemaps).
const proxied = ['/api', '/media', '/feed.xml', '/sitemap.xml', '/robots.txt']

/**
 * The public pages arrive rendered by the server, so their first paint needs the HTML, the CSS, the fonts and
 * the largest image, not the app's JavaScript (which only makes the page interactive). On a slow phone line
 * everything shares the bandwidth: the app's scripts are asked for at low priority, after what the reader sees.
 */
function scriptsAfterContent(): Plugin {
  return {
    name: 'inkpress:scripts-after-content',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
          .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"'),
    },
  }
}

export default defineConfig(() => ({
  // No fast refresh: React's refresh runtime cannot update Preact's components; an edited module reloads the page.
  plugins: [react({ refreshExclude: /./ }), tailwindcss(), blogFonts(SEPARATE_FONTS), compressAssets(), keepPlaceholder('dist'), scriptsAfterContent()],
  resolve: {
    // The app runs on Preact everywhere: the build, the dev server and Vitest (see build/preact.ts).
    alias: [...preactAliases, { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: false }])),
      // Per-category and per-blog feeds: /{category}/feed.xml, /blog/{ws}/feed.xml
      '^/.*/feed\\.xml': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    restoreMocks: true,
    // Whole-page tests render, fetch (mocked) and type a lot: a busy 2-core machine needs far more
    // than the 5 s default. Testing Library's findBy/waitFor wait up to 10 s (src/test/setup.ts).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
}))
