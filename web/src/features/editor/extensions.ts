/** The editor's schema: StarterKit's blocks and marks, links as set, images, figures and videos. */
import type { Extensions } from '@tiptap/core'
import StarterKit from '@tiptap/starter-kit'
import Link from '@tiptap/extension-link'
import Image from '@tiptap/extension-image'
import Placeholder from '@tiptap/extension-placeholder'
import { CaretAfterPaste, Figure, VideoEmbed } from './nodes'
import { PastedImages, type PastedImagesOptions } from './pastedImages'

export function editorExtensions(placeholder: string, pasted?: Partial<PastedImagesOptions>): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      // Links come from the configured extension below.
      link: false,
      // Underline and strike are not part of the toolbar; their shortcuts would hide them.
      underline: false,
    }),
    // Text typed right after a link is not part of it (as in word processors).
    Link.extend({ inclusive: () => false }).configure({
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      // No defaults: a link keeps exactly the rel and target the link dialog (or the HTML) gave it.
      HTMLAttributes: { rel: null, target: null, class: null },
    }),
    Figure,
    // data: images are let in so a paste's can be uploaded (PastedImages); the server never stores one.
    Image.configure({ inline: false, allowBase64: true }),
    VideoEmbed,
    Placeholder.configure({ placeholder }),
    CaretAfterPaste,
    PastedImages.configure(pasted ?? {}),
  ]
}
