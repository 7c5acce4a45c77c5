import { afterEach, describe, expect, it } from 'vitest'
import { Editor } from '@tiptap/core'
import { editorExtensions } from './extensions'
import { dataUriFile, hasPendingImages, needsImport, storableHtml } from './pastedImages'

const ORIGIN = 'https://blog.example'

describe('needsImport', () => {
  it.each([
    ['https://lh7-rt.googleusercontent.com/docsz/AD_4nXc?key=k', true],
    ['https://lh3.googleusercontent.com/AbCd', true],
    ['http://images.example/a.png', true],
    ['data:image/png;base64,iVBORw0KGgo=', true],
    [' DATA:image/gif;base64,R0lGOD== ', true],
    ['https://blog.example/media/7/library/1-a.png', false], // this site's own
    ['/media/7/library/1-a.png', false],
    ['media/a.png', false],
    ['data:text/html,<p>x</p>', false],
    ['blob:https://docs.google.com/123', false],
    ['https://', false],
  ])('%s → %s', (src, want) => {
    expect(needsImport(src, ORIGIN)).toBe(want)
  })
})

describe('dataUriFile', () => {
  it('decodes a base64 image into a file named after the image', async () => {
    const file = dataUriFile('data:image/png;base64,iVBORw0KGgo=', 'A red dot')
    expect(file).not.toBeNull()
    expect(file!.name).toBe('A red dot.png')
    expect(file!.type).toBe('image/png')
    expect(Array.from(new Uint8Array(await file!.arrayBuffer()))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  })

  it('names JPEG and SVG files by their usual extension and refuses what is not an image', () => {
    expect(dataUriFile('data:image/jpeg;base64,/9j/4AAQ')!.name).toBe('pasted-image.jpg')
    expect(dataUriFile('data:image/svg+xml,%3Csvg%3E%3C/svg%3E')!.name).toBe('pasted-image.svg')
    expect(dataUriFile('data:text/plain;base64,aGk=')).toBeNull()
    expect(dataUriFile('data:image/png;base64,%%%')).toBeNull()
  })
})

describe('pending images', () => {
  let editor: Editor | null = null
  afterEach(() => {
    editor?.destroy()
    editor = null
  })

  it('cannot be claimed by HTML, so only a paste makes an image pending', () => {
    editor = new Editor({ extensions: editorExtensions(''), content: '<p>a</p><img src="https://x.example/a.png" data-pending="true" alt="A">' })
    expect(hasPendingImages(editor.state)).toBe(false)
    expect(storableHtml(editor)).toBe('<p>a</p><img src="https://x.example/a.png" alt="A">')
  })
})
