import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Save } from 'lucide-react'
import { toast } from '@/lib/toast'
import { updateSettings } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { Category, Language, Length, Settings, TemplateId, Tone } from '@/api/types'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { SwitchField } from '@/components/ui/switch-field'
import { Textarea } from '@/components/ui/textarea'
import { fontFor } from '@/lib/fonts'
import { useFontStylesheets } from '@/lib/fontLoader'
import { cn } from '@/lib/utils'
import { BlogPreview } from './BlogPreview'
import { Spinner } from '@/components/ui/spinner'
import { DASHBOARD_FONTS, TEMPLATES } from './settings'
import { PALETTE } from '@/api/shared.gen'
import { isColor, safeHex } from '@/lib/color'
import { LANGUAGES, LIMITS } from '@/api/types'
import { LENGTHS, TONES } from '@/features/generate/generate'
import { useSite } from '@/hooks/usePublic'

export const REVIEW_LABEL = 'Review AI posts before they go live'
export const REVIEW_HINT = 'Scheduled AI posts are saved as drafts for you to review and publish.'
export const VOICE_HINT = 'Who you write for, how you sound, words to use and avoid.'
export const BUILTIN_LANGUAGE_NOTE = "This server's built-in writer writes in English whatever the language; the language still sets your blog's pages and feeds."

/**
 * Blog settings: title, description, template, primary colour, font, whether scheduled AI posts
 * wait as drafts for review, and the writing profile: brand voice, language, default tone and
 * length (PUT /api/workspace/settings).
 */
export function BlogSettingsForm({ settings, slug, categories }: { settings: Settings; slug: string; categories?: Category[] }) {
  // Each choice in the font list is shown in its own font.
  useFontStylesheets(DASHBOARD_FONTS)
  const queryClient = useQueryClient()
  const [blogTitle, setBlogTitle] = useState(settings.blogTitle)
  const [blogDescription, setBlogDescription] = useState(settings.blogDescription)
  const [templateId, setTemplateId] = useState<TemplateId>(settings.templateId || 'template-1')
  const [primaryColor, setPrimaryColor] = useState(safeHex(settings.primaryColor))
  const [hexDraft, setHexDraft] = useState(primaryColor)
  const [fontFamily, setFontFamily] = useState(settings.fontFamily || 'Inter')
  const [reviewAiPosts, setReviewAiPosts] = useState(Boolean(settings.reviewAiPosts))
  const [brandVoice, setBrandVoice] = useState(settings.brandVoice ?? '')
  const [language, setLanguage] = useState<Language>(settings.language || 'en')
  const [defaultTone, setDefaultTone] = useState<Tone>(settings.defaultTone || 'professional')
  const [defaultLength, setDefaultLength] = useState<Length>(settings.defaultLength || 'medium')
  const builtinWriter = useSite().data?.aiProvider === 'builtin'
  const [titleError, setTitleError] = useState<string | null>(null)
  const [colorError, setColorError] = useState<string | null>(null)

  // Fonts picked during onboarding that the dashboard list does not offer stay selectable.
  const fonts = DASHBOARD_FONTS.includes(fontFamily) ? DASHBOARD_FONTS : [...DASHBOARD_FONTS, fontFamily]

  const save = useMutation({
    mutationFn: () =>
      updateSettings({
        blogTitle: blogTitle.trim(),
        blogDescription: blogDescription.trim(),
        templateId,
        primaryColor,
        fontFamily,
        reviewAiPosts,
        brandVoice: brandVoice.trim(),
        language,
        defaultTone,
        defaultLength,
      }),
    onSuccess: (res) => {
      toast.success('Settings saved', { description: 'Your blog settings have been updated.' })
      queryClient.setQueryData(qk.workspace, (old: unknown) =>
        old && typeof old === 'object' ? { ...(old as object), settings: res.settings } : old,
      )
      void queryClient.invalidateQueries({ queryKey: qk.workspace })
      void queryClient.invalidateQueries({ queryKey: qk.blog(slug) })
    },
    onError: (err) => toast.error('Error saving settings', { description: errorMessage(err) }),
  })

  const pickColor = (hex: string) => {
    setPrimaryColor(hex.toLowerCase())
    setHexDraft(hex.toLowerCase())
    setColorError(null)
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    let ok = true
    if (!blogTitle.trim()) {
      setTitleError('Please enter a blog name')
      ok = false
    }
    if (!isColor(hexDraft.trim())) {
      setColorError(`Use a hex colour like ${PALETTE.default}`)
      ok = false
    }
    if (ok) save.mutate()
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle id="settings-title">Blog settings</CardTitle>
        <CardDescription>How your public blog looks to readers.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-labelledby="settings-title" className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <fieldset disabled={save.isPending} className="grid gap-5">
            <legend className="sr-only">Blog settings</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field id="set-title" label="Blog title" error={titleError}>
                {(aria) => (
                  <Input
                    {...aria}
                    value={blogTitle}
                    maxLength={LIMITS.blogTitleMax}
                    onChange={(e) => {
                      setBlogTitle(e.target.value)
                      setTitleError(null)
                    }}
                  />
                )}
              </Field>
              <Field id="set-template" label="Template">
                {(aria) => (
                  <Select value={templateId} onValueChange={(v) => setTemplateId(v as TemplateId)}>
                    <SelectTrigger {...aria}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {TEMPLATES.map((t) => (
                        <SelectItem key={t.id} value={t.id}>
                          {t.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </Field>
            </div>
            <Field id="set-desc" label="Description">
              {(aria) => <Textarea {...aria} rows={3} maxLength={LIMITS.blogDescriptionMax} value={blogDescription} onChange={(e) => setBlogDescription(e.target.value)} />}
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-medium leading-none text-slate-800">Primary colour</legend>
                <div className="flex flex-wrap items-center gap-2">
                  {PALETTE.schemes.map((c) => (
                    <button
                      key={c.name}
                      type="button"
                      title={c.name}
                      aria-label={c.name}
                      aria-pressed={primaryColor === c.primary}
                      onClick={() => pickColor(c.primary)}
                      className={cn(
                        'size-8 rounded-full ring-offset-2 transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                        primaryColor === c.primary ? 'ring-2 ring-slate-900' : 'hover:scale-105',
                      )}
                      style={{ background: c.primary }}
                    />
                  ))}
                  <label className="relative inline-flex size-8 cursor-pointer items-center justify-center overflow-hidden rounded-full ring-1 ring-slate-300 has-focus-visible:ring-2 has-focus-visible:ring-brand-500" title="Custom colour">
                    <span className="sr-only">Custom colour</span>
                    <span className="absolute inset-0" style={{ background: 'conic-gradient(#f43f5e, #f59e0b, #10b981, #0ea5e9, #6366f1, #a855f7, #f43f5e)' }} aria-hidden="true" />
                    <input type="color" value={primaryColor} onChange={(e) => pickColor(e.target.value)} className="absolute inset-0 size-full cursor-pointer opacity-0" />
                  </label>
                </div>
                <div className="mt-1 flex items-center gap-2">
                  <span className="size-10 shrink-0 rounded-lg ring-1 ring-black/10" style={{ background: primaryColor }} aria-hidden="true" />
                  <label htmlFor="set-color" className="sr-only">
                    Primary colour (hex)
                  </label>
                  <Input
                    id="set-color"
                    value={hexDraft}
                    maxLength={7}
                    className="font-mono uppercase"
                    aria-invalid={colorError ? true : undefined}
                    aria-describedby={colorError ? 'set-color-error' : undefined}
                    onChange={(e) => {
                      const v = e.target.value.trim()
                      setHexDraft(v)
                      setColorError(null)
                      if (isColor(v)) setPrimaryColor(v.toLowerCase())
                    }}
                  />
                </div>
                {colorError && (
                  <p id="set-color-error" role="alert" className="text-sm font-medium text-red-600">
                    {colorError}
                  </p>
                )}
              </fieldset>
              <Field id="set-font" label="Font">
                {(aria) => (
                  <Select value={fontFamily} onValueChange={setFontFamily}>
                    <SelectTrigger {...aria} style={{ fontFamily: fontFor(fontFamily).stack }}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {fonts.map((f) => (
                        <SelectItem key={f} value={f} style={{ fontFamily: fontFor(f).stack }}>
                          {f}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </Field>
            </div>
            <SwitchField id="set-review" label={REVIEW_LABEL} hint={REVIEW_HINT} checked={reviewAiPosts} onCheckedChange={setReviewAiPosts} />
            <fieldset className="grid gap-5 border-t border-slate-100 pt-5">
              <legend className="float-left text-base font-semibold text-slate-900">Writing profile</legend>
              <p className="-mt-4 text-sm text-slate-500">What the AI is told about your blog every time it writes.</p>
              <Field
                id="set-voice"
                label="Brand voice"
                hint={
                  <span className="flex justify-between gap-4">
                    <span>{VOICE_HINT}</span>{' '}
                    <span className="tabular-nums">
                      {brandVoice.length}/{LIMITS.brandVoiceMax}
                    </span>
                  </span>
                }
              >
                {(aria) => (
                  <Textarea
                    {...aria}
                    rows={4}
                    maxLength={LIMITS.brandVoiceMax}
                    value={brandVoice}
                    onChange={(e) => setBrandVoice(e.target.value)}
                    placeholder="Busy parents who cook on weeknights. Warm and practical. Say 'easy', never 'hack'."
                  />
                )}
              </Field>
              <div className="grid gap-5 sm:grid-cols-3">
                <Field id="set-language" label="Language" hint={builtinWriter ? BUILTIN_LANGUAGE_NOTE : undefined}>
                  {(aria) => (
                    <Select value={language} onValueChange={(v) => setLanguage(v as Language)}>
                      <SelectTrigger {...aria}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {LANGUAGES.map((l) => (
                          <SelectItem key={l.code} value={l.code}>
                            {l.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </Field>
                <Field id="set-tone" label="Default tone">
                  {(aria) => (
                    <Select value={defaultTone} onValueChange={(v) => setDefaultTone(v as Tone)}>
                      <SelectTrigger {...aria}>
                        <SelectValue />
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
                <Field id="set-length" label="Default length">
                  {(aria) => (
                    <Select value={defaultLength} onValueChange={(v) => setDefaultLength(v as Length)}>
                      <SelectTrigger {...aria}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {LENGTHS.map((l) => (
                          <SelectItem key={l.value} value={l.value}>
                            {l.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </Field>
              </div>
            </fieldset>
            <div>
              <Button type="submit" className="min-w-36">
                {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
                {save.isPending ? 'Saving...' : 'Save settings'}
              </Button>
            </div>
          </fieldset>
          <div>
            <p className="mb-2 text-sm font-medium text-slate-600">Preview</p>
            <BlogPreview
              title={blogTitle}
              description={blogDescription}
              primaryColor={primaryColor}
              fontFamily={fontFamily}
              templateId={templateId}
              slug={slug}
              categories={categories}
            />
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
