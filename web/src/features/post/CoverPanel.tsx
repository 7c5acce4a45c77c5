import { useState } from 'react'
import { ImageIcon, Library, Sparkles, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { ImageUpload } from '@/components/ui/image-upload'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { MediaPicker } from '@/components/workspace/MediaPicker'
import { Panel } from './Panel'
import type { PostDesk } from './usePostDesk'

/** The cover image: upload, library, a new AI image from the title, or none; and its alt text. */
export function CoverPanel({ desk, onBusyChange }: { desk: PostDesk; onBusyChange: (busy: boolean) => void }) {
  const [library, setLibrary] = useState(false)
  const { coverImageUrl, coverMediaId, coverAlt } = desk.draft
  const drawing = desk.busy === 'cover'

  return (
    <Panel id="cover" title="Cover image">
      {coverImageUrl ? (
        <img src={coverImageUrl} alt="" className="aspect-[1200/630] w-full rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200" />
      ) : (
        <div className="flex aspect-[1200/630] w-full flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-slate-300 bg-slate-50 text-xs text-slate-500">
          <ImageIcon className="size-5" aria-hidden="true" />
          No cover
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" aria-expanded={library} onClick={() => setLibrary(!library)}>
          <Library aria-hidden="true" /> Library
        </Button>
        <Button size="sm" variant="outline" onClick={() => void desk.newCover()} disabled={desk.busy !== null && !drawing}>
          {drawing ? <Spinner /> : <Sparkles aria-hidden="true" />}
          {drawing ? 'Drawing…' : 'Regenerate with AI'}
        </Button>
        {coverImageUrl && (
          <Button size="sm" variant="ghost" onClick={() => desk.edit({ coverImageUrl: '', coverMediaId: null })}>
            <Trash2 aria-hidden="true" /> Remove
          </Button>
        )}
      </div>
      {library && (
        <MediaPicker
          value={coverMediaId}
          onChange={(m) => {
            desk.edit({ coverImageUrl: m.fileUrl, coverMediaId: m.id })
            setLibrary(false)
          }}
        />
      )}
      <ImageUpload
        purpose="featured"
        label="Upload a cover"
        value={null}
        onBusyChange={onBusyChange}
        onChange={(img) => img && desk.edit({ coverImageUrl: img.url, coverMediaId: null })}
      />
      <Field id="cover-alt" label="Cover alt text" hint="What the cover shows, for screen readers and search engines.">
        {(aria) => <Input {...aria} value={coverAlt} onChange={(e) => desk.edit({ coverAlt: e.target.value })} />}
      </Field>
      <p className="text-xs text-slate-500">“Regenerate with AI” draws a new image from the saved title and uses one image of this month’s quota.</p>
    </Panel>
  )
}
