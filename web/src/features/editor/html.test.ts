import { describe, expect, it } from 'vitest'
import { editorHtml, formatHtml } from './html'

describe('formatHtml', () => {
  it('puts each block on a line', () => {
    expect(formatHtml('<h2>A</h2><p>b <strong>c</strong></p><ul><li><p>d</p></li></ul><hr><p>e</p>')).toBe(
      '<h2>A</h2>\n<p>b <strong>c</strong></p>\n<ul>\n<li><p>d</p>\n</li>\n</ul>\n<hr>\n<p>e</p>',
    )
  })

  it('leaves code blocks as they are', () => {
    expect(formatHtml('<pre><code>&lt;/p&gt;<p>x</p></code></pre><p>y</p>')).toBe('<pre><code>&lt;/p&gt;<p>x</p></code></pre>\n<p>y</p>')
  })

  it('is idempotent enough for a round trip', () => {
    const once = formatHtml('<p>a</p><p>b</p>')
    expect(once.replace(/\n/g, '')).toBe('<p>a</p><p>b</p>')
  })
})

describe('editorHtml', () => {
  it('is empty for an empty editor', () => {
    expect(editorHtml('<p></p>', true)).toBe('')
    expect(editorHtml('<p>x</p>', false)).toBe('<p>x</p>')
    expect(editorHtml('<hr><p></p><p></p>', false)).toBe('<hr>')
  })
})
