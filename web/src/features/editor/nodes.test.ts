import { afterEach, describe, expect, it } from 'vitest'
import { Editor, type JSONContent } from '@tiptap/core'
import { NodeSelection, TextSelection } from '@tiptap/pm/state'
import { editorExtensions } from './extensions'
import { insertBlock } from './nodes'

let editor: Editor | null = null
afterEach(() => {
  editor?.destroy()
  editor = null
})

function start(html: string, at: 'end' | number = 'end'): Editor {
  editor = new Editor({ extensions: editorExtensions(''), content: html })
  editor.commands.setTextSelection(at === 'end' ? editor.state.doc.content.size - 1 : at)
  return editor
}

/** A paste of HTML (jsdom has no ClipboardEvent; the editor reads only the HTML given). */
function paste(e: Editor, html: string) {
  e.view.pasteHTML(html, new Event('paste') as ClipboardEvent)
}

/** A key pressed: the text replaces the selection, as the browser's input does. */
function type(e: Editor, text: string) {
  e.view.dispatch(e.state.tr.insertText(text))
}

const figure: JSONContent = { type: 'figure', attrs: { src: '/media/a.jpg', alt: 'A cat', caption: '' } }
const video: JSONContent = { type: 'videoEmbed', attrs: { provider: 'youtube', id: 'dQw4w9WgXcQ' } }
const divider: JSONContent = { type: 'horizontalRule' }

describe('inserting a block', () => {
  it.each<[string, string, JSONContent, string]>([
    ['an image at the end', '<p>Intro</p>', figure, '<p>Intro</p><figure><img src="/media/a.jpg" alt="A cat"></figure><p>x</p>'],
    ['a video at the end', '<p>Intro</p>', video, '<p>Intro</p><div data-embed="youtube">'],
    ['a divider at the end', '<p>Intro</p>', divider, '<p>Intro</p><hr><p>x</p>'],
    ['an image in an empty post', '', figure, '<figure><img src="/media/a.jpg" alt="A cat"></figure><p>x</p>'],
  ])('%s leaves the caret in a paragraph after it: typing keeps it', (_, html, block, want) => {
    const e = start(html)
    insertBlock(e, block)
    expect(e.state.selection).toBeInstanceOf(TextSelection)
    type(e, 'x')
    expect(e.getHTML()).toContain(want)
    expect(e.getHTML()).toMatch(/<p>x<\/p>$/)
  })

  it('in the middle of a paragraph: the caret goes to the text after the block', () => {
    const e = start('<p>Hello world</p>', 6)
    insertBlock(e, figure)
    type(e, 'x')
    expect(e.getHTML()).toBe('<p>Hello</p><figure><img src="/media/a.jpg" alt="A cat"></figure><p>x world</p>')
  })

  it('a divider before an image does not select the image', () => {
    const e = start('<p>Intro</p><figure><img src="/media/a.jpg" alt="A cat"></figure>', 6)
    insertBlock(e, divider)
    type(e, 'x')
    expect(e.getHTML()).toMatch(/^<p>Intro<\/p><hr><p>x<\/p><figure><img src="\/media\/a.jpg" alt="A cat"><\/figure>/)
  })

  it('after a selected image: the new block goes after it, the caret to the text after the new block', () => {
    const e = start('<figure><img src="/media/a.jpg" alt="A cat"></figure><p>End</p>')
    e.commands.setNodeSelection(0)
    insertBlock(e, video)
    type(e, 'x')
    expect(e.getHTML()).toMatch(/^<figure>.*<\/figure><div data-embed="youtube">.*<\/div><p>xEnd<\/p>$/)
  })

  it('an image being edited is replaced, and typing after the update keeps it', () => {
    const e = start('<p>Intro</p><figure><img src="/media/a.jpg" alt="A cat"></figure>')
    e.commands.setNodeSelection(7)
    expect(e.state.selection).toBeInstanceOf(NodeSelection)
    insertBlock(e, { type: 'figure', attrs: { src: '/media/b.jpg', alt: 'A dog', caption: '' } }, { replace: true })
    type(e, 'x')
    expect(e.getHTML()).toBe('<p>Intro</p><figure><img src="/media/b.jpg" alt="A dog"></figure><p>x</p>')
  })
})

describe('pasting an image', () => {
  it('leaves the caret after it: typing keeps it', () => {
    const e = start('<p>Intro</p>')
    // a library image: another site's would be copied first (pastedImages.ts)
    paste(e, '<img src="/media/7/library/1-a.jpg" alt="Pasted">')
    expect(e.state.selection).toBeInstanceOf(TextSelection)
    type(e, 'x')
    expect(e.getHTML()).toContain('<img src="/media/7/library/1-a.jpg" alt="Pasted">')
    expect(e.getHTML()).toMatch(/<p>x<\/p>$/)
  })

  it('leaves a pasted paragraph alone', () => {
    const e = start('<p>Intro</p>')
    paste(e, '<p>More</p>')
    type(e, 'x')
    expect(e.getHTML()).toBe('<p>IntroMorex</p>')
  })
})
