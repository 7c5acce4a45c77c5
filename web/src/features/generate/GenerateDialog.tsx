import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Plus, Sparkles, Trash2, Wand2 } from 'lucide-react'
import { toast } from 'sonner'
import { generatePost } from '@/api/endpoints'
import { errorMessage, isApiError } from '@/api/client'
import type { Category } from '@/api/types'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { Switch } from '@/components/ui/switch'
import { useWorkspace, useWorkspaceCategories } from '@/hooks/useWorkspace'
import { useRefreshOwnerData } from '@/hooks/useOwner'
import { parseKeywords } from '@/lib/keywords'
import { formatLimit } from '@/lib/format'
import { cn } from '@/lib/utils'
import {
  LENGTHS,
  MAX_BANNERS,
  TONES,
  emptyForm,
  imageModes,
  newBanner,
  toGenerateInput,
  validateGenerate,
  type BannerDraft,
  type FieldErrors,
  type GenerateForm,
  type ImageMode,
  type InputMode,
} from './generate'
import { ImageUpload } from './ImageUpload'
import { MediaPicker } from './MediaPicker'
import { Spinner } from './Spinner'
import { isAtLimit } from './usage'
import { CategoryField } from './CategoryField'

/** The category to start with: the only one, when there is exactly one. */
function defaultCategory(categories: Category[] | undefined): string {
  return categories?.length === 1 ? categories[0].slug : ''
}

const GENERATE_FAILED = 'Failed to generate blog post'

function elapsedLabel(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** A row of radio buttons drawn as a segmented control. */
export function Segmented<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
  className,
}: {
  name: string
  legend: string
  value: T
  options: { value: T; label: string; hint?: string }[]
  onChange: (v: T) => void
  className?: string
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium leading-none text-slate-800">{legend}</legend>
      <div className={cn('grid gap-2', className)}>
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'relative flex cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm transition-colors has-focus-visible:ring-2 has-focus-visible:ring-brand-500 has-disabled:cursor-not-allowed has-disabled:opacity-60',
              value === o.value ? 'border-brand-500 bg-brand-50 text-brand-900' : 'border-slate-200 bg-white hover:border-slate-300',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              aria-label={o.label}
              aria-describedby={o.hint ? `${name}-${o.value}-hint` : undefined}
              className="absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
            />
            <span className="font-medium" aria-hidden="true">
              {o.label}
            </span>
            {o.hint && (
              <span id={`${name}-${o.value}-hint`} className="text-xs text-slate-500">
                {o.hint}
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="grid gap-4 border-t border-slate-100 pt-5">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold uppercase tracking-wider text-slate-500">{title}</h3>
        {aside}
      </div>
      {children}
    </section>
  )
}

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
              maxLength={120}
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
 * The generate-post dialog (owner dashboard and My Posts). One long request: while it runs every
 * input is disabled and the dialog cannot be closed.
 */
export function GenerateDialog({
  open,
  onOpenChange,
  title = 'Generate a new post',
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The dialog's title: the admin dashboard calls it 'Generate New Post'. */
  title?: string
}) {
  const categories = useWorkspaceCategories(open)
  const workspace = useWorkspace(open)
  const refresh = useRefreshOwnerData()
  const [form, setForm] = useState<GenerateForm>(() => emptyForm())
  const [errors, setErrors] = useState<FieldErrors>({})
  const [uploads, setUploads] = useState(0)
  const [elapsed, setElapsed] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)

  // Start with the only category when there is just one.
  const cats = categories.data
  const current: GenerateForm = form.category ? form : { ...form, category: defaultCategory(cats) }

  const mutation = useMutation({
    mutationFn: (f: GenerateForm) => generatePost(toGenerateInput(f)),
    onSuccess: (res) => {
      toast.success('Post generated', { description: `“${res.post.title}” is now live on your blog.` })
      if (res.imageError) toast.warning('Image not generated', { description: res.imageError })
      setForm(emptyForm())
      setErrors({})
      onOpenChange(false)
      void refresh()
    },
    onError: (err) => {
      // The server's message (e.g. the plan limit on 402), else the seed's fallback.
      const fromServer = isApiError(err) && err.code !== 'http_error' && err.code !== 'invalid_response'
      toast.error('Generation failed', { description: fromServer ? errorMessage(err, GENERATE_FAILED) : GENERATE_FAILED })
      if (isApiError(err, 402)) void refresh()
    },
  })
  const generating = mutation.isPending

  useEffect(() => {
    if (!generating) return
    const started = Date.now()
    const t = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000)
    return () => {
      clearInterval(t)
      setElapsed(0)
    }
  }, [generating])

  const set = <K extends keyof GenerateForm>(key: K, value: GenerateForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }))
    setErrors((e) => ({ ...e, [key === 'mediaId' || key === 'imageUrl' || key === 'imageMode' ? 'image' : key]: undefined }))
  }
  const setBanner = (b: BannerDraft) => {
    setForm((f) => ({ ...f, banners: f.banners.map((x) => (x.key === b.key ? b : x)) }))
    setErrors((e) => {
      if (!e.banners?.[b.key]) return e
      const rest = { ...e.banners }
      delete rest[b.key]
      return { ...e, banners: rest }
    })
  }
  const uploadBusy = (busy: boolean) => setUploads((n) => Math.max(0, n + (busy ? 1 : -1)))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (generating || uploads > 0) return
    const v = validateGenerate(current)
    setErrors(v.errors)
    if (v.toast) {
      toast.error(v.toast.title, { description: v.toast.description })
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    mutation.mutate(current)
  }

  const usage = workspace.data?.usage
  const atLimit = usage ? isAtLimit(usage.postsGenerated, usage.postsLimit, usage.unlimited) : false
  const keywords = parseKeywords(form.keywords)
  const modes = imageModes(form.generateImages)
  const lengthHint = LENGTHS.find((l) => l.value === form.length)

  return (
    <Dialog open={open} onOpenChange={(o) => !generating && onOpenChange(o)}>
      <DialogContent
        className="max-w-2xl gap-0 p-0"
        hideClose={generating}
        onEscapeKeyDown={(e) => generating && e.preventDefault()}
        onInteractOutside={(e) => generating && e.preventDefault()}
      >
        <DialogHeader className="border-b border-slate-100 px-6 py-5">
          <DialogTitle className="flex items-center gap-2">
            <Sparkles className="size-5 text-brand-600" aria-hidden="true" /> {title}
          </DialogTitle>
          <DialogDescription>The AI writes a complete article for your blog from a topic or a title.</DialogDescription>
        </DialogHeader>

        <form ref={formRef} onSubmit={submit} noValidate aria-busy={generating}>
          <fieldset disabled={generating} className="grid gap-5 px-6 py-5">
            <legend className="sr-only">Post details</legend>
            {atLimit && (
              <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                You have used all {formatLimit(usage?.postsLimit ?? 0)} posts of this month. Upgrade your plan to generate more.
              </p>
            )}

            <CategoryField
              id="gen-category"
              value={current.category}
              onChange={(v) => set('category', v)}
              categories={cats ?? []}
              loading={categories.isLoading}
              error={errors.category}
            />

            <Segmented<InputMode>
              name="gen-mode"
              legend="Write from"
              value={form.inputMode}
              onChange={(v) => set('inputMode', v)}
              className="grid-cols-2"
              options={[
                { value: 'topic', label: 'Topic', hint: 'The AI picks the title' },
                { value: 'title', label: 'Title', hint: 'Use my title as is' },
              ]}
            />

            <Field id="gen-topic" label={form.inputMode === 'title' ? 'Title' : 'Topic'} error={errors.topic}>
              {(aria) => (
                <Input
                  {...aria}
                  value={form.topic}
                  maxLength={200}
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
              {(aria) => (
                <Input {...aria} value={form.keywords} maxLength={500} onChange={(e) => set('keywords', e.target.value)} placeholder="low carb, meal prep" />
              )}
            </Field>

            <div className="grid gap-5 sm:grid-cols-2">
              <Field id="gen-tone" label="Tone" error={errors.tone} className="content-start">
                {(aria) => (
                  <Select value={form.tone} onValueChange={(v) => set('tone', v)}>
                    <SelectTrigger {...aria}>
                      <SelectValue placeholder="Choose a tone" />
                    </SelectTrigger>
                    <SelectContent>
                      {TONES.map((t) => (
                        <SelectItem key={t.value} value={t.value}>
                          {t.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </Field>
              <Field id="gen-length" label="Length" error={errors.length} className="content-start" hint={lengthHint ? `About ${lengthHint.words.toLocaleString('en-US')} words` : undefined}>
                {(aria) => (
                  <Select value={form.length} onValueChange={(v) => set('length', v)}>
                    <SelectTrigger {...aria}>
                      <SelectValue placeholder="Choose a length" />
                    </SelectTrigger>
                    <SelectContent>
                      {LENGTHS.map((l) => (
                        <SelectItem key={l.value} value={l.value}>
                          {l.label} (~{l.words} words)
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </Field>
            </div>

            <Section title="Images">
              <div className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 px-4 py-3">
                <div>
                  <Label htmlFor="gen-images">Generate images</Label>
                  <p id="gen-images-hint" className="mt-1 text-xs text-slate-500">
                    Lets the AI draw a featured image for this post.
                  </p>
                </div>
                <Switch
                  id="gen-images"
                  aria-describedby="gen-images-hint"
                  checked={form.generateImages}
                  onCheckedChange={(on) =>
                    setForm((f) => ({ ...f, generateImages: on, imageMode: !on && f.imageMode === 'ai' ? 'none' : f.imageMode }))
                  }
                />
              </div>

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
                    setForm((f) => ({ ...f, imageUrl: img?.url ?? '', imageName: img?.name ?? '', imageSize: img?.size ?? 0 }))
                    setErrors((e) => ({ ...e, image: undefined }))
                  }}
                  onBusyChange={uploadBusy}
                  error={errors.image}
                />
              )}
              {form.imageMode === 'library' && (
                <MediaPicker value={form.mediaId} onChange={(m) => set('mediaId', m.id)} error={errors.image} />
              )}
              {form.imageMode === 'ai' && (
                <p className="flex items-center gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
                  <Wand2 className="size-4 shrink-0" aria-hidden="true" />
                  A cover image is drawn from the post’s title. It counts as one image of your monthly allowance.
                </p>
              )}
            </Section>

            <Section
              title="Banner ads"
              aside={
                <span className="text-xs font-medium text-slate-500">
                  {form.banners.length}/{MAX_BANNERS}
                </span>
              }
            >
              {form.banners.length > 0 && (
                <ul className="grid gap-3">
                  {form.banners.map((b, i) => (
                    <BannerEditor
                      key={b.key}
                      banner={b}
                      index={i}
                      errors={errors.banners?.[b.key]}
                      onChange={setBanner}
                      onBusyChange={uploadBusy}
                      onRemove={() => setForm((f) => ({ ...f, banners: f.banners.filter((x) => x.key !== b.key) }))}
                    />
                  ))}
                </ul>
              )}
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setForm((f) => (f.banners.length >= MAX_BANNERS ? f : { ...f, banners: [...f.banners, newBanner()] }))}
                  disabled={form.banners.length >= MAX_BANNERS}
                >
                  <Plus aria-hidden="true" /> Add banner
                </Button>
                <p className="text-xs text-slate-500">Up to 3 image ads, placed after paragraphs 3, 6 and 9.</p>
              </div>
            </Section>
          </fieldset>

          {generating && (
            <div role="status" aria-live="polite" className="mx-6 mb-4 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3">
              <div className="flex items-center justify-between gap-3 text-sm font-medium text-brand-900">
                <span>Writing your post{form.imageMode === 'ai' ? ' and drawing its cover' : ''}...</span>
                <span className="tabular-nums text-brand-700" aria-label={`Elapsed ${elapsed} seconds`}>
                  {elapsedLabel(elapsed)}
                </span>
              </div>
              <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-brand-100" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-brand-600 transition-[width] duration-1000 ease-linear"
                  style={{ width: `${Math.round(95 * (1 - Math.exp(-elapsed / 40)))}%` }}
                />
              </div>
              <p className="mt-2 text-xs text-brand-800">This can take up to 2 minutes. Please keep this window open.</p>
            </div>
          )}

          <DialogFooter className="border-t border-slate-100 px-6 py-4 sm:items-center sm:justify-between">
            <p className="text-center text-xs text-slate-500 sm:text-left">
              {usage && !usage.unlimited
                ? `${usage.postsGenerated} of ${formatLimit(usage.postsLimit)} posts used this month`
                : usage?.unlimited
                  ? 'Unlimited posts'
                  : ''}
            </p>
            <div className="flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={generating}>
                Cancel
              </Button>
              <Button type="submit" disabled={generating || uploads > 0} className="min-w-36">
                {generating ? <Spinner /> : <Sparkles aria-hidden="true" />}
                {generating ? 'Generating...' : uploads > 0 ? 'Uploading...' : 'Generate post'}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
