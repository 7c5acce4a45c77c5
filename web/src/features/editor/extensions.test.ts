import { afterEach, describe, expect, it } from 'vitest'
import { Editor } from '@tiptap/core'
import { editorExtensions } from './extensions'

let editor: Editor | null = null
afterEach(() => {
  editor?.destroy()
  editor = null
})

function roundTrip(html: string): string {
  editor = new Editor({ extensions: editorExtensions(''), content: html })
  return editor.getHTML()
}

describe('the editor schema', () => {
  it('keeps a link’s rel and target exactly as set', () => {
    expect(roundTrip('<p><a href="https://a.example" rel="sponsored nofollow noopener" target="_blank">a</a> and <a href="/b">b</a></p>')).toBe(
      '<p><a target="_blank" rel="sponsored nofollow noopener" href="https://a.example">a</a> and <a href="/b">b</a></p>',
    )
  })

  it('does not stretch a link over the text typed after it', () => {
    editor = new Editor({ extensions: editorExtensions(''), content: '<p>See <a href="https://a.example">this</a></p>' })
    const end = editor.state.doc.content.size - 1
    editor.commands.setTextSelection(end)
    editor.view.dispatch(editor.state.tr.insertText('.'))
    expect(editor.getHTML()).toBe('<p>See <a href="https://a.example">this</a>.</p>')
  })

  it('keeps captioned images as figures and plain images as images', () => {
    expect(roundTrip('<figure><img src="/m/a.png" alt="A cat"><figcaption>Our cat</figcaption></figure><img src="/m/b.png" alt="B">')).toBe(
      '<figure><img src="/m/a.png" alt="A cat"><figcaption>Our cat</figcaption></figure><img src="/m/b.png" alt="B">',
    )
  })

  it('writes YouTube and Vimeo embeds in the form the sanitiser keeps', () => {
    const html = roundTrip(
      '<div data-embed="youtube"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div><iframe src="https://player.vimeo.com/video/76979871"></iframe>',
    )
    expect(html).toContain('<div data-embed="youtube"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"')
    expect(html).toContain('<div data-embed="vimeo"><iframe src="https://player.vimeo.com/video/76979871"')
  })

  it('drops iframes of other sites', () => {
    expect(roundTrip('<iframe src="https://evil.example/x"></iframe><p>x</p>')).toBe('<p>x</p>')
  })

  it('has headings, lists, quotes, code and dividers', () => {
    const html = '<h2>A</h2><h3>B</h3><ul><li><p>c</p></li></ul><ol><li><p>d</p></li></ol><blockquote><p>e</p></blockquote><pre><code>f</code></pre><hr><p><strong>g</strong> <em>h</em> <code>i</code></p>'
    expect(roundTrip(html)).toBe(html)
  })
})
