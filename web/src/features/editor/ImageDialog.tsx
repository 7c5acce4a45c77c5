import { useState, type FormEvent } from 'react'
import type { Editor } from '@tiptap/core'
import { NodeSelection } from '@tiptap/pm/state'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { DialogFooter } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { ImageUpload } from '@/components/ui/image-upload'
import { Input } from '@/components/ui/input'
import { Segmented } from '@/components/ui/segmented'
import { MediaPicker } from '@/components/workspace/MediaPicker'
import { DialogActions, EditorDialog } from './EditorDialog'
import { imageContent, selectedImage, type ImageChoice } from './image'
import { insertBlock } from './nodes'

/** Inserts an image from the media library or an upload, with alt text and an optional caption. */
export function ImageDialog({ editor, open, onOpenChange }: { editor: Editor; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <EditorDialog editor={editor} open={open} onOpenChange={onOpenChange} title="Image" description="Pick an image, then say what it shows for readers who cannot see it." className="max-w-2xl">
      {(done) => <ImageForm editor={editor} onDone={done} />}
    </EditorDialog>
  )
}

type Source = 'library' | 'upload'
const SOURCES = [
  { value: 'library', label: 'Media library' },
  { value: 'upload', label: 'Upload' },
] as const

function ImageForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [initial] = useState(() => {
    const sel = editor.state.selection
    return selectedImage(sel instanceof NodeSelection ? sel.node : null)
  })
  const [source, setSource] = useState<Source>('library')
  const [image, setImage] = useState<ImageChoice>(initial ?? { src: '', alt: '', caption: '' })
  const [mediaId, setMediaId] = useState<number | null>(null)
  const [decorative, setDecorative] = useState(Boolean(initial && !initial.alt))
  const [errors, setErrors] = useState<{ src?: string; alt?: string }>({})

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const next = {
      src: image.src ? undefined : 'Choose an image first',
      alt: image.alt.trim() || decorative ? undefined : 'Describe the image, or tick “Decorative”',
    }
    if (next.src || next.alt) {
      setErrors(next)
      return
    }
    const content = imageContent({ ...image, alt: decorative ? '' : image.alt })
    // an image being edited is replaced; a new one goes after a selected block
    insertBlock(editor, content, { replace: Boolean(initial) })
    onDone()
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {image.src ? (
        <div className="flex items-center gap-3 rounded-xl border border-slate-200 p-2 pr-3">
          <img src={image.src} alt="" className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover" />
          <p className="line-clamp-2 min-w-0 flex-1 text-xs break-all text-slate-500">{image.src.split('/').pop()}</p>
          <Button variant="ghost" size="sm" onClick={() => setImage({ ...image, src: '' })}>
            Change
          </Button>
        </div>
      ) : (
        <div className="grid gap-3">
          <Segmented name="image-source" legend="Source" value={source} options={SOURCES} onChange={setSource} className="grid-cols-2" />
          {source === 'library' ? (
            <MediaPicker
              value={mediaId}
              error={errors.src}
              onChange={(m) => {
                setMediaId(m.id)
                setImage({ ...image, src: m.fileUrl })
                setErrors({ ...errors, src: undefined })
              }}
            />
          ) : (
            <ImageUpload
              purpose="featured"
              label="Upload an image"
              value={null}
              error={errors.src}
              onChange={(img) => {
                setImage({ ...image, src: img?.url ?? '' })
                setErrors({ ...errors, src: undefined })
              }}
            />
          )}
        </div>
      )}
      <Field id="image-alt" label="Alt text" error={errors.alt} hint="What the image shows, in a sentence. Read aloud by screen readers.">
        {(aria) => (
          <Input
            {...aria}
            value={image.alt}
            disabled={decorative}
            onChange={(e) => {
              setImage({ ...image, alt: e.target.value })
              setErrors({ ...errors, alt: undefined })
            }}
          />
        )}
      </Field>
      <label className="-mt-2 flex cursor-pointer items-center gap-2 text-sm text-slate-700">
        <Checkbox checked={decorative} onChange={(e) => setDecorative(e.target.checked)} />
        Decorative (no alt text)
      </label>
      <Field id="image-caption" label="Caption (optional)" hint="Shown under the image.">
        {(aria) => <Input {...aria} value={image.caption} onChange={(e) => setImage({ ...image, caption: e.target.value })} />}
      </Field>
      <DialogFooter>
        <DialogActions submit={initial ? 'Update image' : 'Insert image'} onCancel={onDone} />
      </DialogFooter>
    </form>
  )
}
