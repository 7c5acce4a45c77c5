import { BannerList } from '@/components/ui/banner-editor'
import { MAX_BANNERS } from '@/lib/banners'
import { FormSection } from './FormSection'
import type { GenerateFormState } from './useGenerateForm'

/** Up to three banner ads placed in the post. */
export function BannersSection({ state }: { state: GenerateFormState }) {
  const { form, errors, setBanners, bannerEdited, onBusyChange } = state
  return (
    <FormSection
      title="Banner ads"
      aside={
        <span className="text-xs font-medium text-slate-500">
          {form.banners.length}/{MAX_BANNERS}
        </span>
      }
    >
      <BannerList
        banners={form.banners}
        errors={errors.banners}
        onChange={setBanners}
        onEdited={bannerEdited}
        onBusyChange={onBusyChange}
        note={<p className="text-xs text-slate-500">Up to 3 image ads, placed after paragraphs 3, 6 and 9.</p>}
      />
    </FormSection>
  )
}
