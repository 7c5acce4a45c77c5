import { describe, expect, it } from 'vitest'
import { stripHtml } from './text'

describe('stripHtml', () => {
  it('strips tags and decodes entities', () => {
    expect(stripHtml('<p>Fish &amp; chips&nbsp;<b>now</b></p><script>x()</script>')).toBe('Fish & chips now')
  })

  it('joins inline elements to their words and breaks at block tags', () => {
    expect(stripHtml('<h2>A</h2><p><b>in</b>line</p><p>two</p>')).toBe('A inline two')
  })
})
