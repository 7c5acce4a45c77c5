import type { ReactNode } from 'react'
import { Plus, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { ImageUpload } from '@/components/ui/image-upload'
import { Input } from '@/components/ui/input'
import { MAX_BANNERS, newBanner, type BannerDraft, type BannerErrors } from '@/lib/banners'
import { LIMITS } from '@/api/types'

/** One banner ad: an uploaded image, its link and an optional text (generate dialog and scheduler). */
export function BannerEditor({
  banner,
  index,
  errors,
  onChange,
  onRemove,
  onBusyChange,
}: {
  banner: BannerDraft
  index: number
  errors?: { image?: string; link?: string }
  onChange: (b: BannerDraft) => void
  onRemove: () => void
  onBusyChange: (busy: boolean) => void
}) {
  const n = index + 1
  return (
    <li className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50/50 p-4">
      <div className="flex items-center justify-between">
        <p className="text-sm font-semibold text-slate-800">Banner {n}</p>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove banner ${n}`}>
          <Trash2 aria-hidden="true" /> Remove banner
        </Button>
      </div>
      <ImageUpload
        purpose="banner"
        label={`Banner ${n} image`}
        value={banner.imageUrl ? { url: banner.imageUrl, name: banner.fileName || `Banner ${n}` } : null}
        onChange={(img) => onChange({ ...banner, imageUrl: img?.url ?? '', fileName: img?.name ?? '' })}
        onBusyChange={onBusyChange}
        error={errors?.image}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${banner.key}-link`} label="Link URL" error={errors?.link} className="content-start">
          {(aria) => (
            <Input
              {...aria}
              type="url"
              inputMode="url"
              placeholder="https://example.com/offer"
              value={banner.linkUrl}
              onChange={(e) => onChange({ ...banner, linkUrl: e.target.value })}
            />
          )}
        </Field>
        <Field id={`${banner.key}-text`} label="Text (optional)" className="content-start">
          {(aria) => (
            <Input
              {...aria}
              placeholder="Shown under the image"
              maxLength={LIMITS.bannerTextMax}
              value={banner.text}
              onChange={(e) => onChange({ ...banner, text: e.target.value })}
            />
          )}
        </Field>
      </div>
    </li>
  )
}

/**
 * The banner ads of a form: one editor each and 'Add banner' (up to three). `onChange` gets an
 * update of the list; `onEdited` names the banner whose errors a change clears.
 */
export function BannerList({
  banners,
  errors,
  onChange,
  onEdited,
  onBusyChange,
  note,
}: {
  banners: BannerDraft[]
  errors?: BannerErrors
  onChange: (update: (list: BannerDraft[]) => BannerDraft[]) => void
  onEdited: (key: string) => void
  onBusyChange: (busy: boolean) => void
  note?: ReactNode
}) {
  return (
    <>
      {banners.length > 0 && (
        <ul className="grid gap-3">
          {banners.map((b, i) => (
            <BannerEditor
              key={b.key}
              banner={b}
              index={i}
              errors={errors?.[b.key]}
              onChange={(next) => {
                onChange((list) => list.map((x) => (x.key === next.key ? next : x)))
                onEdited(next.key)
              }}
              onBusyChange={onBusyChange}
              onRemove={() => onChange((list) => list.filter((x) => x.key !== b.key))}
            />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onChange((list) => (list.length >= MAX_BANNERS ? list : [...list, newBanner()]))}
          disabled={banners.length >= MAX_BANNERS}
        >
          <Plus aria-hidden="true" /> Add banner
        </Button>
        {note}
      </div>
    </>
  )
}
