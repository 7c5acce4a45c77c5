import { Wand2 } from 'lucide-react'
import { ImageUpload } from '@/components/ui/image-upload'
import { Segmented } from '@/components/ui/segmented'
import { SwitchField } from '@/components/ui/switch-field'
import { MediaPicker } from '@/components/workspace/MediaPicker'
import { cn } from '@/lib/utils'
import { imageModes, type ImageMode } from './generate'
import { FormSection } from './FormSection'
import type { GenerateFormState } from './useGenerateForm'

/** 'Generate images' and the featured image: none, an upload, one of the library or drawn by the AI. */
export function ImagesSection({ state }: { state: GenerateFormState }) {
  const { form, errors, set, update, clearImageError, onBusyChange } = state
  const modes = imageModes(form.generateImages)
  return (
    <FormSection title="Images">
      <SwitchField
        id="gen-images"
        label="Generate images"
        hint="Lets the AI draw a featured image for this post."
        checked={form.generateImages}
        onCheckedChange={(on) => update((f) => ({ ...f, generateImages: on, imageMode: !on && f.imageMode === 'ai' ? 'none' : f.imageMode }))}
      />

      <Segmented<ImageMode>
        name="gen-image-mode"
        legend="Featured image"
        value={form.imageMode}
        onChange={(v) => set('imageMode', v)}
        className={cn('grid-cols-2', modes.length === 3 && 'sm:grid-cols-3')}
        options={modes}
      />

      {form.imageMode === 'upload' && (
        <ImageUpload
          purpose="featured"
          label="Choose a featured image"
          value={form.imageUrl ? { url: form.imageUrl, name: form.imageName || 'Featured image', size: form.imageSize || undefined } : null}
          onChange={(img) => {
            update((f) => ({ ...f, imageUrl: img?.url ?? '', imageName: img?.name ?? '', imageSize: img?.size ?? 0 }))
            clearImageError()
          }}
          onBusyChange={onBusyChange}
          error={errors.image}
        />
      )}
      {form.imageMode === 'library' && <MediaPicker value={form.mediaId} onChange={(m) => set('mediaId', m.id)} error={errors.image} />}
      {form.imageMode === 'ai' && (
        <p className="flex items-center gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
          <Wand2 className="size-4 shrink-0" aria-hidden="true" />
          A cover image is drawn from the post’s title. It counts as one image of your monthly allowance.
        </p>
      )}
    </FormSection>
  )
}
