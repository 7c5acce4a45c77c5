/**
 * Images that come in with a paste (Google Docs, Word, a web page) point at someone else's server,
 * often at an address that expires within hours (Google Docs' lh3/lh7-rt.googleusercontent.com),
 * or carry their bytes in a data: URI. Each is copied into the blog's media library as it lands:
 * the image shows dimmed while it is copied ("pending"), then takes its library address and keeps
 * its alt text; if the copy fails it is removed. A pending image is never part of the HTML the
 * editor reports, so the autosave cannot store a hot-linked or data: image.
 */
import { Extension, getHTMLFromFragment, type Editor } from '@tiptap/core'
import { Fragment, Slice, type Node as PMNode } from '@tiptap/pm/model'
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state'
import type { EditorView } from '@tiptap/pm/view'

/** The node types that hold an image (a plain one and a captioned figure). */
const IMAGE_TYPES = new Set(['image', 'figure'])

/**
 * Whether a pasted image's src must be copied into the library: a web address of another site, or
 * a data: image. Relative addresses and this site's own are already ours.
 */
export function needsImport(src: string, origin: string): boolean {
  const s = src.trim()
  if (/^data:image\//i.test(s)) return true
  if (!/^https?:\/\//i.test(s)) return false
  try {
    return new URL(s).origin !== origin
  } catch {
    return false
  }
}

const DATA_URI = /^data:(image\/[a-z0-9.+-]+)(;[^,]*)?,(.*)$/is

/** A data: image as a file to upload, or null when it is not one. */
export function dataUriFile(src: string, name = 'pasted-image'): File | null {
  const m = DATA_URI.exec(src.trim())
  if (!m) return null
  const [, type, params = '', payload] = m
  let bytes: Uint8Array<ArrayBuffer>
  try {
    if (/;base64/i.test(params)) {
      const bin = atob(payload.replace(/\s+/g, ''))
      bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0))
    } else {
      bytes = new TextEncoder().encode(decodeURIComponent(payload))
    }
  } catch {
    return null
  }
  const ext = type.split('/')[1].replace('jpeg', 'jpg').replace(/\+.*$/, '')
  return new File([bytes], `${name}.${ext}`, { type })
}

export interface PastedImage {
  src: string
  alt: string
}

export interface PastedImagesOptions {
  /** Copies an image into the library and returns its address there (throws with a reason). */
  importImage: (image: PastedImage) => Promise<string>
  /** Told when an image could not be copied (it has been removed). */
  onFailed: (reason: string) => void
  /** This site's origin: its own images are not copied again. */
  origin: string
}

/** The pasted images of a slice, marked pending when they must be copied. */
function markPending(fragment: Fragment, origin: string): Fragment {
  const nodes: PMNode[] = []
  fragment.forEach((node) => {
    const src = typeof node.attrs.src === 'string' ? node.attrs.src : ''
    if (IMAGE_TYPES.has(node.type.name) && needsImport(src, origin)) {
      nodes.push(node.type.create({ ...node.attrs, pending: true }, node.content, node.marks))
    } else {
      nodes.push(node.copy(markPending(node.content, origin)))
    }
  })
  return Fragment.fromArray(nodes)
}

/** The pending images of a document, by src, with their positions (last first). */
function pendingImages(doc: PMNode): Map<string, { pos: number; node: PMNode }[]> {
  const found = new Map<string, { pos: number; node: PMNode }[]>()
  doc.descendants((node, pos) => {
    if (!IMAGE_TYPES.has(node.type.name)) return true
    if (node.attrs.pending) {
      const src = String(node.attrs.src)
      found.set(src, [{ pos, node }, ...(found.get(src) ?? [])])
    }
    return false
  })
  return found
}

/** The document's HTML without its pending images (what may be stored). */
export function storableHtml(editor: Editor): string {
  const { state } = editor
  const pending = pendingImages(state.doc)
  if (pending.size === 0) return editor.getHTML()
  const positions = [...pending.values()].flat().sort((a, b) => b.pos - a.pos)
  const tr = state.tr
  for (const { pos, node } of positions) tr.delete(pos, pos + node.nodeSize)
  return getHTMLFromFragment(tr.doc.content, state.schema)
}

/** Whether the document still has images being copied. */
export function hasPendingImages(state: EditorState): boolean {
  return pendingImages(state.doc).size > 0
}

/** How many images are copied at once: a long document's images queue rather than all at once. */
const PARALLEL = 2

const key = new PluginKey('pastedImages')

class ImportView {
  private readonly started = new Set<string>()
  /** Finished copies, kept so an image brought back by undo/redo takes its address at once. */
  private readonly done = new Map<string, string | null>()
  private readonly queue: PastedImage[] = []
  private running = 0
  private destroyed = false

  private readonly view: EditorView
  private readonly options: PastedImagesOptions

  constructor(view: EditorView, options: PastedImagesOptions) {
    this.view = view
    this.options = options
    this.update()
  }

  update() {
    const pending = pendingImages(this.view.state.doc)
    for (const [src, at] of pending) {
      if (this.done.has(src)) {
        // Not while the view is updating: a dispatch belongs after it.
        const url = this.done.get(src) ?? null
        queueMicrotask(() => {
          if (!this.destroyed) this.settle(src, url)
        })
      } else if (!this.started.has(src)) {
        this.started.add(src)
        this.queue.push({ src, alt: String(at[0].node.attrs.alt ?? '') })
      }
    }
    this.next()
  }

  destroy() {
    this.destroyed = true
  }

  private next() {
    while (this.running < PARALLEL && this.queue.length > 0) {
      const image = this.queue.shift()!
      this.running++
      this.options
        .importImage(image)
        .then(
          (url) => this.finish(image.src, url, null),
          (err: unknown) => this.finish(image.src, null, err instanceof Error && err.message ? err.message : 'Something went wrong'),
        )
        .finally(() => {
          this.running--
          if (!this.destroyed) this.next()
        })
    }
  }

  private finish(src: string, url: string | null, reason: string | null) {
    this.done.set(src, url)
    if (this.destroyed) return
    // Only when the image is still there: one deleted meanwhile needs no word.
    const present = pendingImages(this.view.state.doc).has(src)
    this.settle(src, url)
    if (reason !== null && present) this.options.onFailed(reason)
  }

  /** Gives every pending copy of src its library address, or removes it (url null). */
  private settle(src: string, url: string | null) {
    const at = pendingImages(this.view.state.doc).get(src)
    if (!at) return
    const tr = this.view.state.tr
    for (const { pos, node } of at) {
      if (url) tr.setNodeMarkup(pos, undefined, { ...node.attrs, src: url, pending: null })
      else tr.delete(pos, pos + node.nodeSize)
    }
    // Part of the paste, not a step of its own to undo.
    this.view.dispatch(tr.setMeta('addToHistory', false))
  }
}

/**
 * Marks the images of a paste or a drop that are not the blog's own as pending, copies each into
 * the library (a few at a time) and gives it its library address, or removes it when the copy
 * fails.
 */
export const PastedImages = Extension.create<PastedImagesOptions>({
  name: 'pastedImages',

  addOptions() {
    return {
      importImage: () => Promise.reject(new Error('Images cannot be copied here')),
      onFailed: () => {},
      origin: typeof window === 'undefined' ? '' : window.location.origin,
    }
  },

  addGlobalAttributes() {
    return [
      {
        types: [...IMAGE_TYPES],
        attributes: {
          // Set only by a paste, never read from HTML: a document cannot claim to be pending.
          pending: {
            default: null,
            parseHTML: () => null,
            renderHTML: (attrs: Record<string, unknown>) => (attrs.pending ? { 'data-pending': 'true' } : {}),
          },
        },
      },
    ]
  },

  addProseMirrorPlugins() {
    const options = this.options
    return [
      new Plugin({
        key,
        props: {
          transformPasted: (slice) => new Slice(markPending(slice.content, options.origin), slice.openStart, slice.openEnd),
        },
        view: (view) => new ImportView(view, options),
      }),
    ]
  },
})
