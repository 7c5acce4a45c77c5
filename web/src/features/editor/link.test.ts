import { describe, expect, it } from 'vitest'
import { linkAttrs, linkOptions, normalizeHref } from './link'

describe('linkAttrs', () => {
  it.each([
    [{ sponsored: false, nofollow: false, newTab: false }, { rel: null, target: null }],
    [{ sponsored: true, nofollow: false, newTab: false }, { rel: 'sponsored', target: null }],
    [{ sponsored: false, nofollow: true, newTab: false }, { rel: 'nofollow', target: null }],
    [{ sponsored: false, nofollow: false, newTab: true }, { rel: 'noopener', target: '_blank' }],
    [{ sponsored: true, nofollow: true, newTab: true }, { rel: 'sponsored nofollow noopener', target: '_blank' }],
  ])('%o gives %o', (opts, want) => {
    expect(linkAttrs(opts)).toEqual(want)
  })

  it('reads the choices back from a link', () => {
    expect(linkOptions({ rel: 'sponsored nofollow noopener', target: '_blank' })).toEqual({ sponsored: true, nofollow: true, newTab: true })
    expect(linkOptions({ rel: 'NoFollow', target: null })).toEqual({ sponsored: false, nofollow: true, newTab: false })
    expect(linkOptions({})).toEqual({ sponsored: false, nofollow: false, newTab: false })
  })
})

describe('normalizeHref', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['  http://example.com  ', 'http://example.com'],
    ['example.com/offer', 'https://example.com/offer'],
    ['shop.example.com:8443/x', 'https://shop.example.com:8443/x'],
    ['//cdn.example.com/x', 'https://cdn.example.com/x'],
    ['/keto/ten-keto-breakfasts', '/keto/ten-keto-breakfasts'],
    ['#section', '#section'],
    ['mailto:hello@example.com', 'mailto:hello@example.com'],
  ])('keeps %j as %j', (input, want) => {
    expect(normalizeHref(input)).toBe(want)
  })

  it.each(['', 'javascript:alert(1)', 'data:text/html,hi', 'not a link', 'word', 'ftp://example.com'])('refuses %j', (input) => {
    expect(normalizeHref(input)).toBeNull()
  })
})
