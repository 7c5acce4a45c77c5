import { afterEach, describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { BlogTheme } from '@/components/BlogTheme'
import hrefs from 'virtual:blog-fonts'
import { blogFontNames } from './blogTheme'
import { ensureFontStylesheet } from './fontLoader'
import { SEPARATE_FONTS } from './fonts'

afterEach(() => {
  document.head.innerHTML = ''
})

describe('blog fonts', () => {
  it.each([
    [{}, ['Inter']],
    [{ fontFamily: 'lora' }, ['Lora']],
    [{ fontFamily: 'Roboto', templateId: 'template-2' }, ['Roboto', 'Lora']],
    [{ fontFamily: 'Merriweather', templateId: 'template-2' }, ['Merriweather']],
    [{ fontFamily: 'Comic Sans', templateId: 'template-2' }, ['Inter', 'Lora']],
  ] as const)('a blog with %o uses %o', (settings, want) => {
    expect(blogFontNames(settings)).toEqual(want)
  })

  it('has a stylesheet for every font but the UI font', () => {
    expect(Object.keys(hrefs).sort()).toEqual([...SEPARATE_FONTS].sort())
    expect(hrefs.Inter).toBeUndefined()
  })

  it('links a font once, and never the UI font', () => {
    const table = { Lora: '/assets/font-lora-x.css' }
    expect(ensureFontStylesheet('Inter', document, table)).toBe(false)
    expect(ensureFontStylesheet('Lora', document, table)).toBe(true)
    expect(ensureFontStylesheet('Lora', document, table)).toBe(false)
    const links = document.head.querySelectorAll('link[rel="stylesheet"]')
    expect(links).toHaveLength(1)
    expect(links[0].getAttribute('href')).toBe('/assets/font-lora-x.css')
  })

  it('keeps the link the server wrote', () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/font-lora-x.css">'
    expect(ensureFontStylesheet('Lora', document, { Lora: '/assets/font-lora-x.css' })).toBe(false)
    expect(document.head.querySelectorAll('link')).toHaveLength(1)
  })

  it('BlogTheme links its fonts after rendering: a sans blog in template 2 gets Lora for its headings', () => {
    const { rerender } = render(<BlogTheme settings={{ fontFamily: 'Roboto', templateId: 'template-2' }}>x</BlogTheme>)
    const hrefsIn = () => [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href'))
    expect(hrefsIn()).toEqual([hrefs.Roboto, hrefs.Lora])
    rerender(<BlogTheme settings={{ fontFamily: 'Lora', templateId: 'template-2' }}>x</BlogTheme>)
    expect(hrefsIn()).toEqual([hrefs.Roboto, hrefs.Lora])
    rerender(<BlogTheme settings={{ fontFamily: 'Inter' }}>x</BlogTheme>)
    expect(hrefsIn()).toHaveLength(2)
  })
})
