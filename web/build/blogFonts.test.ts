import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildFont, contentHash, fontSlug } from './blogFonts'

describe('blog font files', () => {
  it('names packages after families', () => {
    expect(fontSlug('Playfair Display')).toBe('playfair-display')
    expect(fontSlug(' Open  Sans ')).toBe('open-sans')
  })

  it('builds a stylesheet of latin and latin-ext faces whose names follow their content', () => {
    const dir = mkdtempSync(join(tmpdir(), 'assets-font-'))
    mkdirSync(join(dir, 'files'))
    writeFileSync(join(dir, 'unicode.json'), JSON.stringify({ latin: 'U+0000-00FF', 'latin-ext': 'U+0100-02BA', greek: 'U+0370-03FF' }))
    for (const s of ['latin', 'latin-ext']) for (const w of [400, 700]) writeFileSync(join(dir, 'files', `x-sans-${s}-${w}-normal.woff2`), `${s}${w}`)

    const { font, files } = buildFont('X Sans', dir, '/', 'assets')
    expect(files.map((f) => f.fileName)).toEqual([
      `assets/x-sans-latin-400-normal-${contentHash('latin400')}.woff2`,
      `assets/x-sans-latin-700-normal-${contentHash('latin700')}.woff2`,
      `assets/x-sans-latin-ext-400-normal-${contentHash('latin-ext400')}.woff2`,
      `assets/x-sans-latin-ext-700-normal-${contentHash('latin-ext700')}.woff2`,
      expect.stringMatching(/^assets\/font-x-sans-[\w-]{10}\.css$/),
    ])
    expect(font.preload).toEqual(['/' + files[0].fileName, '/' + files[1].fileName])
    expect(font.css).toBe('/' + files[4].fileName)
    const css = String(files[4].source)
    expect(css.match(/@font-face/g)).toHaveLength(4)
    expect(css).toContain(`font-family:'X Sans';font-style:normal;font-display:swap;font-weight:700;src:url(/${files[1].fileName}) format('woff2');unicode-range:U+0000-00FF}`)
    expect(css).not.toContain('U+0370')
  })
})
