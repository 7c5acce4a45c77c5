/**
 * The editor's own block nodes: a captioned image (<figure>) and a YouTube/Vimeo video. Both are
 * atoms: edited through their dialogs, never character by character. And where the caret goes after
 * a block is put in (an insert, a paste): after it, never on it.
 */
import { Extension, Node, type Editor, type JSONContent } from '@tiptap/core'
import { NodeSelection, Plugin, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state'
import { embedSrc, parseEmbedUrl, providerName, type EmbedProvider } from './embedUrl'

export interface FigureAttrs {
  src: string
  alt: string
  caption: string
}

/**
 * What both block nodes share: a block that is an atom (selected, dragged and replaced whole) with
 * the given attributes and their defaults.
 */
function atomBlock(name: string, defaults: Record<string, string>) {
  return {
    name,
    group: 'block',
    atom: true,
    draggable: true,
    selectable: true,
    addAttributes() {
      return Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, { default: value }]))
    },
  }
}

/** <figure><img src alt><figcaption>caption</figcaption></figure> */
export const Figure = Node.create({
  ...atomBlock('figure', { src: '', alt: '', caption: '' }),

  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (dom) => {
          const img = dom.querySelector('img')
          if (!img?.getAttribute('src')) return false
          return {
            src: img.getAttribute('src') ?? '',
            alt: img.getAttribute('alt') ?? '',
            caption: dom.querySelector('figcaption')?.textContent?.trim() ?? '',
          }
        },
      },
    ]
  },

  renderHTML({ node }) {
    const { src, alt, caption } = node.attrs as FigureAttrs
    // a pasted image being copied into the library (PastedImages) shows as such
    const img = ['img', { src, alt, ...(node.attrs.pending ? { 'data-pending': 'true' } : {}) }] as const
    return caption ? ['figure', {}, img, ['figcaption', {}, caption]] : ['figure', {}, img]
  },
})

export interface EmbedAttrs {
  provider: EmbedProvider
  id: string
}

function embedFrom(src: string | null | undefined): EmbedAttrs | false {
  return (src && parseEmbedUrl(src)) || false
}

/** <div data-embed="youtube|vimeo"><iframe src="player address"></iframe></div> */
export const VideoEmbed = Node.create({
  ...atomBlock('videoEmbed', { provider: 'youtube', id: '' }),

  parseHTML() {
    return [
      { tag: 'div[data-embed]', getAttrs: (dom) => embedFrom(dom.querySelector('iframe')?.getAttribute('src')) },
      { tag: 'iframe[src]', getAttrs: (dom) => embedFrom(dom.getAttribute('src')) },
    ]
  },

  renderHTML({ node }) {
    const attrs = node.attrs as EmbedAttrs
    return [
      'div',
      { 'data-embed': attrs.provider },
      [
        'iframe',
        {
          src: embedSrc(attrs),
          title: `${providerName(attrs.provider)} video`,
          loading: 'lazy',
          allow: 'accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen',
          allowfullscreen: 'true',
        },
      ],
    ]
  },

  // In the editor a card stands for the player: no third-party frame loads while writing.
  addNodeView() {
    return ({ node }) => {
      const attrs = node.attrs as EmbedAttrs
      const dom = document.createElement('div')
      dom.className = 'editor-embed'
      dom.contentEditable = 'false'
      dom.setAttribute('data-embed', attrs.provider)
      const label = document.createElement('span')
      label.className = 'editor-embed-label'
      label.textContent = `▶ ${providerName(attrs.provider)} video`
      const src = document.createElement('span')
      src.className = 'editor-embed-src'
      src.textContent = embedSrc(attrs)
      dom.append(label, src)
      return { dom }
    }
  },
})

/**
 * Puts the caret at the start of the text block that follows position `pos` (the end of a block
 * just put in), adding an empty paragraph when another block or nothing follows: a block left
 * selected would be replaced by the next key pressed, and the autosave would keep the loss.
 */
export function caretAfter(tr: Transaction, pos: number): Transaction {
  const next = tr.doc.resolve(pos).nodeAfter
  if (!next?.isTextblock) tr.insert(pos, tr.doc.type.schema.nodes.paragraph.create())
  return tr.setSelection(TextSelection.create(tr.doc, pos + 1))
}

/** The caret move after a paste that left a block (a pasted image) selected; null when none is needed. */
export function caretAfterPaste(transactions: readonly Transaction[], state: EditorState): Transaction | null {
  if (!transactions.some((tr) => tr.getMeta('uiEvent') === 'paste')) return null
  const { selection } = state
  if (!(selection instanceof NodeSelection) || !selection.node.isBlock) return null
  return caretAfter(state.tr, selection.to)
}

/** Pastes never leave a block selected (see caretAfter). */
export const CaretAfterPaste = Extension.create({
  name: 'caretAfterPaste',
  addProseMirrorPlugins() {
    return [new Plugin({ appendTransaction: (transactions, _old, state) => caretAfterPaste(transactions, state) })]
  },
})

/**
 * Inserts a block (an image, a video, a divider) at the cursor, then puts the caret in a paragraph
 * after it (caretAfter). When a block is selected, the new one goes after it rather than over it, so
 * a second insert never replaces the first; `replace` puts it in the selected block's place instead
 * (an image being edited).
 */
export function insertBlock(editor: Editor, content: JSONContent, { replace = false } = {}) {
  const { selection } = editor.state
  const chain = editor.chain().focus()
  const inserted = selection instanceof NodeSelection && !replace ? chain.insertContentAt(selection.to, content) : chain.insertContent(content)
  inserted
    .command(({ tr }) => {
      // The insert selects the new block (an atom) or leaves the caret after it.
      if (tr.selection instanceof NodeSelection) caretAfter(tr, tr.selection.to)
      return true
    })
    .run()
}
