import { Segmented } from '@/components/ui/segmented'
import { FormSection } from './FormSection'
import { PUBLISH_CHOICES, type PublishChoice } from './generate'
import type { GenerateFormState } from './useGenerateForm'

/** 'Publish now' (the default) or 'Save as draft' to review the post before it goes live. */
export function PublishSection({ state }: { state: GenerateFormState }) {
  const { form, set } = state
  return (
    <FormSection title="Publishing">
      <Segmented<PublishChoice>
        name="gen-status"
        legend="When it is written"
        value={form.status}
        onChange={(v) => set('status', v)}
        className="grid-cols-2"
        options={PUBLISH_CHOICES}
      />
    </FormSection>
  )
}
