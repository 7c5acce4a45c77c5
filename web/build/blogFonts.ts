import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'
import { fallbackFace } from './fontFallbacks'

/**
 * Each blog font becomes its own small stylesheet (latin and latin-ext, 400 and 700, woff2 only), so a
 * page loads the one font its blog uses instead of every family in the main CSS. The build writes
 * fonts.json (font name → stylesheet and the files worth preloading) for the Go server, which puts the
 * blog's font into the page head; the app gets the same map from `virtual:blog-fonts` to add the
 * stylesheet on client-side navigation to a blog with another font.
 */

export interface BlogFont {
  /** URL of the font's stylesheet. */
  css: string
  /** URLs of the latin 400 and 700 files: what a latin page needs first. */
  preload: string[]
}

interface Emitted {
  fileName: string
  source: Uint8Array | string
}

const SUBSETS = ['latin', 'latin-ext'] as const
const WEIGHTS = [400, 700] as const
const VIRTUAL = 'virtual:blog-fonts'
const MANIFEST = 'fonts.json'

/** The @fontsource package of a family: 'Playfair Display' → 'playfair-display'. */
export function fontSlug(family: string): string {
  return family.trim().toLowerCase().replace(/\s+/g, '-')
}

/** Short content hash for immutable file names. */
export function contentHash(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('base64url').slice(0, 10)
}

/** One @font-face rule; swap shows the fallback at once rather than invisible text. */
export function fontFace(family: string, weight: number, url: string, unicodeRange: string): string {
  const range = unicodeRange ? `;unicode-range:${unicodeRange}` : ''
  return `@font-face{font-family:'${family}';font-style:normal;font-display:swap;font-weight:${weight};src:url(${url}) format('woff2')${range}}`
}

/** Builds the files of one family from its @fontsource package in `dir`. */
export function buildFont(family: string, dir: string, base: string, assetsDir: string): { font: BlogFont; files: Emitted[] } {
  const slug = fontSlug(family)
  const ranges = JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')) as Record<string, string>
  const files: Emitted[] = []
  const rules: string[] = []
  const preload: string[] = []
  for (const subset of SUBSETS) {
    for (const weight of WEIGHTS) {
      const name = `${slug}-${subset}-${weight}-normal`
      const source = readFileSync(join(dir, 'files', `${name}.woff2`))
      const fileName = `${assetsDir}/${name}-${contentHash(source)}.woff2`
      files.push({ fileName, source })
      rules.push(fontFace(family, weight, base + fileName, ranges[subset] ?? ''))
      if (subset === 'latin') preload.push(base + fileName)
    }
  }
  const css = fallbackFace(family) + rules.join('\n') + '\n'
  const cssName = `${assetsDir}/font-${slug}-${contentHash(css)}.css`
  files.push({ fileName: cssName, source: css })
  return { font: { css: base + cssName, preload }, files }
}

/** The plugin: `families` are the blog fonts to build (the UI font is in the main CSS). */
export function blogFonts(families: string[], options: { base?: string; assetsDir?: string } = {}): Plugin {
  const base = options.base ?? '/'
  const assetsDir = options.assetsDir ?? 'assets'
  const require = createRequire(import.meta.url)
  const fonts: Record<string, BlogFont> = {}
  const files = new Map<string, Emitted>()
  for (const family of families) {
    const dir = dirname(require.resolve(`@fontsource/${fontSlug(family)}/unicode.json`))
    const built = buildFont(family, dir, base, assetsDir)
    fonts[family] = built.font
    for (const f of built.files) files.set(f.fileName, f)
  }
  const hrefs = Object.fromEntries(Object.entries(fonts).map(([k, v]) => [k, v.css]))
  let ssr = false

  return {
    name: 'inkpress:blog-fonts',
    configResolved(config) {
      ssr = Boolean(config.build.ssr)
    },
    resolveId(id) {
      return id === VIRTUAL ? '\0' + VIRTUAL : undefined
    },
    load(id) {
      return id === '\0' + VIRTUAL ? `export default ${JSON.stringify(hrefs)}` : undefined
    },
    // The dev server answers the same URLs from memory.
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const f = files.get((req.url ?? '').split('?')[0].slice(base.length))
        if (!f) return next()
        res.setHeader('Content-Type', f.fileName.endsWith('.css') ? 'text/css' : 'font/woff2')
        res.end(f.source)
      })
    },
    generateBundle() {
      // The server bundle links to the client's files; it needs no copies.
      if (ssr) return
      for (const f of files.values()) this.emitFile({ type: 'asset', fileName: f.fileName, source: f.source })
      this.emitFile({ type: 'asset', fileName: MANIFEST, source: JSON.stringify(fonts, null, 1) + '\n' })
    },
  }
}
