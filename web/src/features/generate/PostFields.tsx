import type { Category } from '@/api/types'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Segmented } from '@/components/ui/segmented'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { CategoryField } from '@/components/workspace/CategoryField'
import { INPUT_MODES } from '@/lib/forms'
import { parseKeywords } from '@/lib/keywords'
import { LENGTHS, TONES, type InputMode } from './generate'
import type { GenerateFormState } from './useGenerateForm'
import { LIMITS } from '@/api/types'

/** What to write: category, topic or title, keywords, tone and length. */
export function PostFields({ state, categories, loadingCategories }: { state: GenerateFormState; categories: Category[]; loadingCategories: boolean }) {
  const { form, current, errors, set } = state
  const keywords = parseKeywords(form.keywords)
  const lengthHint = LENGTHS.find((l) => l.value === current.length)
  return (
    <>
      <CategoryField
        id="gen-category"
        value={current.category}
        onChange={(v) => set('category', v)}
        categories={categories}
        loading={loadingCategories}
        error={errors.category}
      />

      <Segmented<InputMode> name="gen-mode" legend="Write from" value={form.inputMode} onChange={(v) => set('inputMode', v)} className="grid-cols-2" options={INPUT_MODES} />

      <Field id="gen-topic" label={form.inputMode === 'title' ? 'Title' : 'Topic'} error={errors.topic}>
        {(aria) => (
          <Input
            {...aria}
            value={form.topic}
            maxLength={LIMITS.topicMax}
            onChange={(e) => set('topic', e.target.value)}
            placeholder={form.inputMode === 'title' ? '10 Keto Breakfasts That Keep You Full Until Lunch' : 'Keto breakfast ideas for busy mornings'}
          />
        )}
      </Field>

      <Field
        id="gen-keywords"
        label="Keywords"
        hint={
          keywords.length ? (
            <span className="flex flex-wrap gap-1">
              {keywords.map((k) => (
                <span key={k} className="rounded-md bg-slate-100 px-1.5 py-0.5 text-slate-700">
                  {k}
                </span>
              ))}
            </span>
          ) : (
            'Comma-separated, for example: low carb, meal prep'
          )
        }
      >
        {(aria) => <Input {...aria} value={form.keywords} maxLength={500} onChange={(e) => set('keywords', e.target.value)} placeholder="low carb, meal prep" />}
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <ChoiceField id="gen-tone" label="Tone" placeholder="Choose a tone" value={current.tone} onChange={(v) => set('tone', v)} error={errors.tone} options={TONES} />
        <ChoiceField
          id="gen-length"
          label="Length"
          placeholder="Choose a length"
          value={current.length}
          onChange={(v) => set('length', v)}
          error={errors.length}
          hint={lengthHint ? `About ${lengthHint.words.toLocaleString('en-US')} words` : undefined}
          options={LENGTHS.map((l) => ({ value: l.value, label: `${l.label} (~${l.words} words)` }))}
        />
      </div>
    </>
  )
}

/** A labelled select of fixed choices. */
function ChoiceField({
  id,
  label,
  placeholder,
  value,
  onChange,
  error,
  hint,
  options,
}: {
  id: string
  label: string
  placeholder: string
  value: string
  onChange: (v: string) => void
  error?: string
  hint?: string
  options: readonly { value: string; label: string }[]
}) {
  return (
    <Field id={id} label={label} error={error} className="content-start" hint={hint}>
      {(aria) => (
        <Select value={value} onValueChange={onChange}>
          <SelectTrigger {...aria}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map((o) => (
              <SelectItem key={o.value} value={o.value}>
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  )
}
