import { useRef, useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CalendarRange } from 'lucide-react'
import { toast } from '@/lib/toast'
import { bulkSchedulePosts } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { InputMode } from '@/api/types'
import { Segmented } from '@/components/ui/segmented'
import { Spinner } from '@/components/ui/spinner'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { SwitchField } from '@/components/ui/switch-field'
import { NoCategoriesNote } from './NoCategoriesNote'
import { useWorkspaceCategories } from '@/hooks/useWorkspace'
import { formatShortDate } from '@/lib/format'
import { CategoryField } from '@/components/workspace/CategoryField'
import {
  BULK_MAX,
  BULK_MIN,
  bulkRange,
  emptyBulkForm,
  parseCount,
  parseLocalDate,
  toBulkInput,
  todayLocal,
  validateBulk,
  type BulkField,
  type BulkForm,
} from './schedule'
import { LIMITS } from '@/api/types'

/**
 * Bulk Schedule: one post a day for 1-30 days from a start date, from one base topic or title
 * (POST /api/workspace/scheduled/bulk). On success the fields reset and the dialog closes.
 */
export function BulkScheduleDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const categories = useWorkspaceCategories(open)
  const queryClient = useQueryClient()
  const [form, setForm] = useState<BulkForm>(() => emptyBulkForm())
  const [invalid, setInvalid] = useState<BulkField | null>(null)
  const formRef = useRef<HTMLFormElement>(null)

  const cats = categories.data ?? []
  // Start with the first category until one is chosen.
  const current: BulkForm = form.category || !cats.length ? form : { ...form, category: cats[0].slug }

  const mutation = useMutation({
    mutationFn: ({ f, count }: { f: BulkForm; count: number }) => bulkSchedulePosts(toBulkInput(f, count)),
    onSuccess: (res, { f, count }) => {
      const n = res?.items?.length ?? count
      const start = parseLocalDate(f.startDate)
      toast.success('Posts scheduled!', {
        description: `${n} ${n === 1 ? 'post' : 'posts'}, one a day from ${formatShortDate(start)}.`,
      })
      setForm(emptyBulkForm())
      setInvalid(null)
      onOpenChange(false)
      void queryClient.invalidateQueries({ queryKey: qk.scheduled })
    },
    onError: (err) => toast.error('Scheduling failed', { description: errorMessage(err) }),
  })
  const busy = mutation.isPending

  const set = <K extends keyof BulkForm>(key: K, value: BulkForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }))
    if (invalid === key) setInvalid(null)
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const v = validateBulk(current)
    if (!v.ok) {
      setInvalid(v.field)
      toast.error(v.toast.title, { description: v.toast.description })
      if (v.field === 'count') setForm((f) => ({ ...f, count: String(parseCount(f.count)) }))
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    mutation.mutate({ f: current, count: v.count })
  }

  const count = parseCount(current.count)
  const range = bulkRange(current.startDate, count)
  const aria = (field: BulkField) => (invalid === field ? ({ 'aria-invalid': true } as const) : {})

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-xl gap-0 p-0" hideClose={busy}>
        <DialogHeader className="border-b border-slate-100 px-6 py-5">
          <DialogTitle className="flex items-center gap-2">
            <CalendarRange className="size-5 text-brand-600" aria-hidden="true" /> Bulk Schedule
          </DialogTitle>
          <DialogDescription>Schedule up to 30 posts, one a day, from a single base topic or title.</DialogDescription>
        </DialogHeader>
        <form ref={formRef} onSubmit={submit} noValidate aria-busy={busy}>
          <fieldset disabled={busy} className="grid gap-5 px-6 py-5">
            <legend className="sr-only">Bulk schedule details</legend>
            <CategoryField
              id="bulk-category"
              value={current.category}
              onChange={(v) => set('category', v)}
              categories={cats}
              loading={categories.isLoading}
              invalid={invalid === 'category'}
            />
            {!categories.isLoading && !cats.length && <NoCategoriesNote className="-mt-3 text-xs" />}

            <Segmented<InputMode>
              name="bulk-mode"
              legend="Write from"
              value={current.inputMode}
              onChange={(v) => set('inputMode', v)}
              className="grid-cols-2"
              options={[
                { value: 'topic', label: 'Topic', hint: 'A new angle each day' },
                { value: 'title', label: 'Title', hint: 'Numbered titles' },
              ]}
            />

            <Field id="bulk-topic" label={current.inputMode === 'title' ? 'Base title' : 'Base topic'}>
              {(a) => (
                <Input
                  {...a}
                  {...aria('topic')}
                  value={current.topic}
                  maxLength={LIMITS.topicMax}
                  onChange={(e) => set('topic', e.target.value)}
                  placeholder={current.inputMode === 'title' ? 'Keto Breakfast Ideas' : 'Keto breakfasts for busy mornings'}
                />
              )}
            </Field>

            <div className="grid gap-5 sm:grid-cols-2">
              <Field id="bulk-start" label="Start date" className="content-start">
                {(a) => (
                  <Input
                    {...a}
                    {...aria('startDate')}
                    type="date"
                    min={todayLocal()}
                    value={current.startDate}
                    onChange={(e) => set('startDate', e.target.value)}
                  />
                )}
              </Field>
              <Field id="bulk-count" label="Number of posts" hint={`${BULK_MIN} to ${BULK_MAX}, one a day`} className="content-start">
                {(a) => (
                  <Input
                    {...a}
                    {...aria('count')}
                    type="number"
                    inputMode="numeric"
                    min={BULK_MIN}
                    max={BULK_MAX}
                    step={1}
                    value={current.count}
                    onChange={(e) => set('count', e.target.value)}
                    onBlur={() => setForm((f) => ({ ...f, count: String(parseCount(f.count)) }))}
                  />
                )}
              </Field>
            </div>

            <SwitchField id="bulk-image" label="Generate images" hint="Each post gets an AI cover image." checked={current.generateImage} onCheckedChange={(on) => set('generateImage', on)} />

            {range && (
              <p role="status" className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
                {count} {count === 1 ? 'post' : 'posts'}: {range}
              </p>
            )}
          </fieldset>
          <DialogFooter className="border-t border-slate-100 px-6 py-4">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} className="min-w-36">
              {busy ? <Spinner /> : <CalendarRange aria-hidden="true" />}
              {busy ? 'Scheduling...' : 'Schedule posts'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
