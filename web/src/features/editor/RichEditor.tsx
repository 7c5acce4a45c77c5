import { useEffect, useRef, useState } from 'react'
import { EditorContent, useEditor } from '@tiptap/react'
import { useQueryClient } from '@tanstack/react-query'
import { qk } from '@/api/queryKeys'
import { toast } from '@/lib/toast'
import { cn } from '@/lib/utils'
import { EmbedDialog } from './EmbedDialog'
import { ImageDialog } from './ImageDialog'
import { LinkDialog } from './LinkDialog'
import { Toolbar, type EditorDialog } from './Toolbar'
import { editorExtensions } from './extensions'
import { editorHtml, formatHtml } from './html'
import { copyToLibrary } from './copyImage'
import { cleanPastedHtml } from './paste'
import { storableHtml, type PastedImage } from './pastedImages'
import './editor.css'

/**
 * The post body editor (TipTap): toolbar, Markdown shortcuts, link/image/video dialogs, clean
 * pastes and an "HTML" source view. It starts from `initialValue` and reports every change as HTML
 * ("" when empty); to load other content (a restored revision), remount it with a new key. Images a
 * paste brings from other sites are copied into the media library first (PastedImages): until then
 * they are left out of the reported HTML.
 */
export function RichEditor({
  id,
  initialValue,
  onChange,
  labelledBy,
  placeholder = 'Write your post… Markdown shortcuts work: ## heading, - list, > quote',
  invalid = false,
}: {
  id: string
  initialValue: string
  onChange: (html: string) => void
  labelledBy?: string
  placeholder?: string
  invalid?: boolean
}) {
  const report = useRef(onChange)
  useEffect(() => {
    report.current = onChange
  }, [onChange])
  const [dialog, setDialog] = useState<EditorDialog | null>(null)
  /** The HTML source being edited, or null in the rich view. */
  const [source, setSource] = useState<string | null>(null)
  const queryClient = useQueryClient()

  const editor = useEditor({
    extensions: editorExtensions(placeholder, {
      importImage: async (image: PastedImage) => {
        const url = await copyToLibrary(image)
        // the library has a new image
        void queryClient.invalidateQueries({ queryKey: qk.media })
        return url
      },
      onFailed: (reason) => toast.error('Couldn’t copy an image from the paste', { description: reason }),
    }),
    content: initialValue,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        class: 'prose-ink editor-content',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': 'Post content' }),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
      transformPastedHTML: cleanPastedHtml,
      handleKeyDown: (_view, event) => {
        if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault()
          setDialog('link')
          return true
        }
        return false
      },
    },
    onUpdate: ({ editor: e }) => report.current(editorHtml(storableHtml(e), e.isEmpty)),
  })

  const toggleSource = () => {
    if (source === null) {
      setSource(formatHtml(editorHtml(storableHtml(editor), editor.isEmpty)))
      return
    }
    editor.commands.setContent(source, { emitUpdate: false })
    report.current(editorHtml(storableHtml(editor), editor.isEmpty))
    setSource(null)
  }

  const close = (open: boolean) => {
    if (!open) setDialog(null)
  }

  return (
    <div
      className={cn(
        'overflow-hidden rounded-xl border bg-white shadow-xs focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30',
        invalid ? 'border-red-500' : 'border-slate-300',
      )}
    >
      <Toolbar editor={editor} source={source !== null} onToggleSource={toggleSource} onOpen={setDialog} />
      {source !== null && (
        <textarea
          aria-label="HTML source"
          spellCheck={false}
          value={source}
          onChange={(e) => {
            setSource(e.target.value)
            report.current(e.target.value)
          }}
          className="block min-h-[22rem] w-full resize-y border-0 bg-slate-950 p-4 font-mono text-xs leading-relaxed text-slate-100 focus:outline-none"
        />
      )}
      <EditorContent editor={editor} className={cn(source !== null && 'hidden')} />
      <LinkDialog editor={editor} open={dialog === 'link'} onOpenChange={close} />
      <ImageDialog editor={editor} open={dialog === 'image'} onOpenChange={close} />
      <EmbedDialog editor={editor} open={dialog === 'embed'} onOpenChange={close} />
    </div>
  )
}
