import type { ComponentType, ReactNode } from 'react'
import type { Editor } from '@tiptap/core'
import { useEditorState } from '@tiptap/react'
import {
  Bold,
  Code,
  CodeXml,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  Minus,
  Quote,
  Redo2,
  SquareCode,
  Undo2,
  Video,
} from 'lucide-react'
import { cn } from '@/lib/utils'
import { insertBlock } from './nodes'

export type EditorDialog = 'link' | 'image' | 'embed'

interface Tool {
  key: string
  label: string
  icon: ComponentType<{ className?: string }>
  shortcut?: string
  /** Toggles show aria-pressed; actions do not. */
  active?: boolean
  disabled?: boolean
  run: () => void
}

function ToolButton({ tool }: { tool: Tool }) {
  const Icon = tool.icon
  return (
    <button
      type="button"
      aria-label={tool.label}
      aria-pressed={tool.active}
      title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
      disabled={tool.disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={tool.run}
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4',
        tool.active && 'bg-brand-50 text-brand-700 ring-1 ring-brand-200 hover:bg-brand-100 hover:text-brand-800',
      )}
    >
      <Icon aria-hidden="true" />
    </button>
  )
}

function Group({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-0.5 border-slate-200 pr-1 not-last:border-r">{children}</div>
}

/**
 * The formatting bar: headings, marks, lists, blocks, inserts, history and the HTML source switch.
 * Wraps onto more lines on narrow screens.
 */
export function Toolbar({
  editor,
  source,
  onToggleSource,
  onOpen,
}: {
  editor: Editor
  source: boolean
  onToggleSource: () => void
  onOpen: (dialog: EditorDialog) => void
}) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('code'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
  const chain = () => editor.chain().focus()
  const off = source
  const groups: Tool[][] = [
    [
      { key: 'h2', label: 'Heading 2', icon: Heading2, shortcut: 'Ctrl+Alt+2', active: s.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
      { key: 'h3', label: 'Heading 3', icon: Heading3, shortcut: 'Ctrl+Alt+3', active: s.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    ],
    [
      { key: 'bold', label: 'Bold', icon: Bold, shortcut: 'Ctrl+B', active: s.bold, run: () => chain().toggleBold().run() },
      { key: 'italic', label: 'Italic', icon: Italic, shortcut: 'Ctrl+I', active: s.italic, run: () => chain().toggleItalic().run() },
      { key: 'code', label: 'Inline code', icon: Code, shortcut: 'Ctrl+E', active: s.code, run: () => chain().toggleCode().run() },
      { key: 'link', label: 'Link', icon: Link, shortcut: 'Ctrl+K', active: s.link, run: () => onOpen('link') },
    ],
    [
      { key: 'bullet', label: 'Bulleted list', icon: List, shortcut: '- space', active: s.bullet, run: () => chain().toggleBulletList().run() },
      { key: 'ordered', label: 'Numbered list', icon: ListOrdered, shortcut: '1. space', active: s.ordered, run: () => chain().toggleOrderedList().run() },
      { key: 'quote', label: 'Quote', icon: Quote, shortcut: '> space', active: s.quote, run: () => chain().toggleBlockquote().run() },
      { key: 'codeBlock', label: 'Code block', icon: SquareCode, shortcut: '``` space', active: s.codeBlock, run: () => chain().toggleCodeBlock().run() },
    ],
    [
      { key: 'image', label: 'Image', icon: ImagePlus, run: () => onOpen('image') },
      { key: 'embed', label: 'YouTube or Vimeo video', icon: Video, run: () => onOpen('embed') },
      { key: 'hr', label: 'Divider', icon: Minus, shortcut: '---', run: () => insertBlock(editor, { type: 'horizontalRule' }) },
    ],
    [
      { key: 'undo', label: 'Undo', icon: Undo2, shortcut: 'Ctrl+Z', disabled: !s.canUndo, run: () => chain().undo().run() },
      { key: 'redo', label: 'Redo', icon: Redo2, shortcut: 'Ctrl+Shift+Z', disabled: !s.canRedo, run: () => chain().redo().run() },
    ],
  ]

  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50/80 px-2 py-1.5">
      {groups.map((g, i) => (
        <Group key={i}>
          {g.map((t) => (
            <ToolButton key={t.key} tool={{ ...t, disabled: off || t.disabled }} />
          ))}
        </Group>
      ))}
      <button
        type="button"
        aria-pressed={source}
        onClick={onToggleSource}
        className={cn(
          'ml-auto inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-xs font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 [&_svg]:size-4',
          source && 'bg-slate-900 text-white hover:bg-slate-800 hover:text-white',
        )}
      >
        <CodeXml aria-hidden="true" /> HTML
      </button>
    </div>
  )
}
