import { useState, type FormEvent } from 'react'
import type { Editor } from '@tiptap/core'
import { DialogFooter } from '@/components/ui/dialog'
import { DialogActions, EditorDialog, UrlField } from './EditorDialog'
import { parseEmbedUrl, providerName } from './embedUrl'
import { insertBlock } from './nodes'

/** Inserts a YouTube or Vimeo video from its page address. */
export function EmbedDialog({ editor, open, onOpenChange }: { editor: Editor; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <EditorDialog editor={editor} open={open} onOpenChange={onOpenChange} title="Embed a video" description="Paste the address of a YouTube or Vimeo video.">
      {(done) => <EmbedForm editor={editor} onDone={done} />}
    </EditorDialog>
  )
}

function EmbedForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string | null>(null)
  const found = parseEmbedUrl(url)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!found) {
      setError('Paste a YouTube or Vimeo video link, like https://youtu.be/…')
      return
    }
    insertBlock(editor, { type: 'videoEmbed', attrs: found })
    onDone()
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <UrlField
        id="embed-url"
        label="Video URL"
        error={error}
        hint={found ? `${providerName(found.provider)} video ${found.id}` : 'youtube.com/watch?v=…, youtu.be/…, vimeo.com/…'}
        placeholder="https://www.youtube.com/watch?v=…"
        value={url}
        onChange={(v) => {
          setUrl(v)
          setError(null)
        }}
      />
      <DialogFooter>
        <DialogActions submit="Insert video" onCancel={onDone} />
      </DialogFooter>
    </form>
  )
}
