/** Images of the editor: a captioned one is a <figure>, a plain one an <img>. */
import type { JSONContent } from '@tiptap/core'

export interface ImageChoice {
  src: string
  alt: string
  caption: string
}

/** The node to insert for an image: a figure when it has a caption, else a plain image. */
export function imageContent({ src, alt, caption }: ImageChoice): JSONContent {
  const text = caption.trim()
  const altText = alt.trim()
  return text ? { type: 'figure', attrs: { src, alt: altText, caption: text } } : { type: 'image', attrs: { src, alt: altText } }
}

/** The image the selection is on, to edit it (null for anything else). */
export function selectedImage(node: { type: { name: string }; attrs: Record<string, unknown> } | null): ImageChoice | null {
  if (!node || (node.type.name !== 'figure' && node.type.name !== 'image')) return null
  const str = (v: unknown) => (typeof v === 'string' ? v : '')
  return { src: str(node.attrs.src), alt: str(node.attrs.alt), caption: str(node.attrs.caption) }
}
