import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fallbackFace, fallbackFamily } from './fontFallbacks'
import { BLOG_FONTS } from '../src/lib/fonts'

describe('fallbackFace', () => {
  it.each([
    ['Inter', "local('Liberation Sans')"],
    ['Montserrat', "local('Liberation Sans')"],
    ['Merriweather', "local('Liberation Serif')"],
    ['Playfair Display', "local('Times New Roman')"],
  ])('%s falls back to a scaled local font (%s)', (family, local) => {
    const css = fallbackFace(family)
    expect(css).toContain(`font-family: "${fallbackFamily(family)}"`)
    expect(css).toContain(local)
    expect(css).toMatch(/size-adjust: \d+(\.\d+)?%/)
    expect(css).toMatch(/ascent-override: \d+(\.\d+)?%/)
  })

  it('is nothing for a font without known metrics', () => {
    expect(fallbackFace('X Sans')).toBe('')
  })

  it('is the rule index.css carries for the UI font', () => {
    const indexCSS = readFileSync(resolve(process.cwd(), 'src/index.css'), 'utf8')
    expect(indexCSS).toContain(fallbackFace('Inter').trim())
  })

  it('every blog font names its fallback right after itself', () => {
    for (const [family, { stack }] of Object.entries(BLOG_FONTS)) {
      expect(stack.startsWith(`'${family}', '${fallbackFamily(family)}',`)).toBe(true)
    }
  })
})
