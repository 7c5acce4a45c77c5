import { useRef, useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CalendarClock } from 'lucide-react'
import { toast } from '@/lib/toast'
import { schedulePost } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { Category, Frequency, InputMode } from '@/api/types'
import { Checkbox } from '@/components/ui/checkbox'
import { BannerList } from '@/components/ui/banner-editor'
import { Segmented } from '@/components/ui/segmented'
import { MAX_BANNERS, MSG_BAD_LINK, validateBanners, withoutBannerErrors, type BannerDraft, type BannerErrors } from '@/lib/banners'
import { INPUT_MODES, MSG_MISSING } from '@/lib/forms'
import { useUploadCount } from '@/hooks/useUploadCount'
import { Spinner } from '@/components/ui/spinner'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { SwitchField } from '@/components/ui/switch-field'
import { NoCategoriesNote } from './NoCategoriesNote'
import { FREQUENCIES, emptyScheduleForm, toScheduleInput, validateSchedule, type ScheduleErrors, type ScheduleForm as Form } from './schedule'
import { CategoryField } from '@/components/workspace/CategoryField'
import { LIMITS } from '@/api/types'

/**
 * Schedule one post: category, frequency, topic (or 'Generate random topic'), topic/title mode,
 * 'Schedule For', image and optional banners (POST /api/workspace/scheduled).
 */
export function ScheduleForm({ categories, loadingCategories }: { categories: Category[]; loadingCategories: boolean }) {
  const queryClient = useQueryClient()
  const [form, setForm] = useState<Form>(() => emptyScheduleForm())
  const [errors, setErrors] = useState<ScheduleErrors>({})
  const [bannerErrors, setBannerErrors] = useState<BannerErrors | undefined>(undefined)
  const { uploading, onBusyChange } = useUploadCount()
  const formRef = useRef<HTMLFormElement>(null)

  const current: Form = form.category || !categories.length ? form : { ...form, category: categories[0].slug }

  const mutation = useMutation({
    mutationFn: (f: Form) => schedulePost(toScheduleInput(f)),
    onSuccess: () => {
      toast.success('Post scheduled')
      setForm((f) => ({ ...emptyScheduleForm(f.category), frequency: f.frequency }))
      setErrors({})
      setBannerErrors(undefined)
      void queryClient.invalidateQueries({ queryKey: qk.scheduled })
    },
    onError: (err) => toast.error('Error scheduling post', { description: errorMessage(err) }),
  })
  const busy = mutation.isPending

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }))
    setErrors((e) => ({ ...e, [key === 'random' || key === 'inputMode' ? 'topic' : key]: undefined }))
  }
  const setBanners = (change: (list: BannerDraft[]) => BannerDraft[]) => setForm((f) => ({ ...f, banners: change(f.banners) }))
  const bannerEdited = (key: string) => setBannerErrors((e) => withoutBannerErrors(e, key))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (busy || uploading) return
    const v = validateSchedule(current)
    const b = validateBanners(current.banners)
    setErrors(v)
    setBannerErrors(b.errors)
    if (Object.values(v).some(Boolean) || b.missing || b.badLink) {
      const msg = b.badLink && !Object.values(v).some(Boolean) && !b.missing
        ? MSG_BAD_LINK
        : MSG_MISSING
      toast.error(msg.title, { description: msg.description })
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    mutation.mutate(current)
  }

  const topicLabel = current.inputMode === 'title' ? 'Title' : 'Topic'

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-busy={busy} aria-labelledby="schedule-form-title">
      <fieldset disabled={busy} className="grid gap-5">
        <legend className="sr-only">New scheduled post</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <CategoryField
            id="sched-category"
            value={current.category}
            onChange={(v) => set('category', v)}
            categories={categories}
            loading={loadingCategories}
            error={errors.category}
            className="content-start"
          />
          <Field id="sched-frequency" label="Frequency" className="content-start">
            {(a) => (
              <Select value={current.frequency} onValueChange={(v) => set('frequency', v as Frequency)}>
                <SelectTrigger {...a}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {FREQUENCIES.map((f) => (
                    <SelectItem key={f.value} value={f.value}>
                      {f.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
        </div>
        {!loadingCategories && !categories.length && <NoCategoriesNote className="-mt-2 text-sm" />}

        <Segmented<InputMode>
          name="sched-mode"
          legend="Write from"
          value={current.inputMode}
          onChange={(v) => set('inputMode', v)}
          className="grid-cols-2"
          options={INPUT_MODES}
        />

        <div className="grid gap-2">
          <Field id="sched-topic" label={topicLabel} error={errors.topic}>
            {(a) => (
              <Input
                {...a}
                value={current.random ? '' : current.topic}
                disabled={current.random}
                maxLength={LIMITS.topicMax}
                onChange={(e) => set('topic', e.target.value)}
                placeholder={current.random ? 'The AI picks a topic' : current.inputMode === 'title' ? '10 Keto Breakfasts That Keep You Full' : 'Keto breakfast ideas for busy mornings'}
              />
            )}
          </Field>
          <label className="flex w-fit cursor-pointer items-center gap-2 text-sm text-slate-700">
            <Checkbox checked={current.random} onChange={(e) => set('random', e.target.checked)} />
            Generate random topic
          </label>
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="sched-when" label="Schedule For" error={errors.scheduledFor} className="content-start">
            {(a) => <Input {...a} type="datetime-local" value={current.scheduledFor} onChange={(e) => set('scheduledFor', e.target.value)} />}
          </Field>
          <SwitchField
            id="sched-image"
            label="Generate image"
            hint="An AI cover for the post."
            checked={current.generateImage}
            onCheckedChange={(on) => set('generateImage', on)}
            className="self-end py-2.5"
          />
        </div>

        <div className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium text-slate-800">Banner ads (optional)</p>
            <span className="text-xs font-medium text-slate-500">
              {current.banners.length}/{MAX_BANNERS}
            </span>
          </div>
          <BannerList banners={current.banners} errors={bannerErrors} onChange={setBanners} onEdited={bannerEdited} onBusyChange={onBusyChange} />
        </div>
      </fieldset>
      <div className="mt-6 flex justify-end border-t border-slate-100 pt-5">
        <Button type="submit" disabled={busy || uploading} className="w-full sm:w-auto">
          {busy ? <Spinner /> : <CalendarClock aria-hidden="true" />}
          {busy ? 'Scheduling...' : uploading ? 'Uploading...' : 'Schedule Post'}
        </Button>
      </div>
    </form>
  )
}
