/**
 * /onboarding — the 4-step setup wizard: (1) blog name and description, (2) categories (the ten
 * suggestions plus custom ones), (3) colour scheme and font with a live preview, (4) done.
 * Back goes one step down; 'Skip for now' completes setup at once (General category by default).
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Link, Navigate, useNavigate } from 'react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, ArrowRight, Check, FileText, LayoutDashboard, Plus, X } from 'lucide-react'
import { toast } from 'sonner'
import { completeOnboarding, skipOnboarding } from '@/api/endpoints'
import { errorMessage, isApiError } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { Me, NewCategory } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { BlogPreview } from '@/components/owner/BlogPreview'
import { Spinner } from '@/components/owner/Spinner'
import {
  COLOR_SCHEMES,
  ONBOARDING_FONTS,
  STEP_LABELS,
  SUGGESTED_CATEGORIES,
  addCustomCategory,
  atCategoryCap,
  customCategory,
  sameCategory,
  toggleCategory,
  validateStep,
} from '@/components/owner/onboarding'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { usePageMeta } from '@/hooks/usePageMeta'
import { useWorkspace } from '@/hooks/useWorkspace'
import { fontFor } from '@/lib/fonts'
import { cn } from '@/lib/utils'

function Progress({ step }: { step: number }) {
  return (
    <ol className="grid grid-cols-4 gap-2" aria-label="Setup progress">
      {STEP_LABELS.map((label, i) => {
        const n = i + 1
        const done = n < step
        return (
          <li key={label} aria-current={step === n ? 'step' : undefined}>
            <div className={cn('h-1.5 rounded-full transition-colors', n <= step ? 'bg-brand-600' : 'bg-slate-200')} />
            <p className={cn('mt-2 flex items-center gap-1 text-xs font-medium', n === step ? 'text-brand-700' : 'text-slate-500')}>
              {done ? <Check className="size-3.5 shrink-0" aria-hidden="true" /> : <span aria-hidden="true">{n}.</span>}
              <span className={cn(n !== step && 'max-sm:sr-only')}>{label}</span>
              {done && <span className="sr-only">(done)</span>}
            </p>
          </li>
        )
      })}
    </ol>
  )
}

function StepHeading({ title, text }: { title: string; text: string }) {
  const ref = useRef<HTMLHeadingElement>(null)
  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) {
      window.scrollTo({ top: 0 })
      ref.current?.focus({ preventScroll: true })
    }
  }, [])
  return (
    <div>
      <h1 ref={ref} tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-slate-900 focus:outline-none">
        {title}
      </h1>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  )
}

function Wizard({ me }: { me: Me }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const ws = useWorkspace()
  const [step, setStep] = useState(1)
  const [blogTitle, setBlogTitle] = useState(me.workspace?.name ?? '')
  const [blogDescription, setBlogDescription] = useState('')
  const [selected, setSelected] = useState<NewCategory[]>([])
  const [custom, setCustom] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [primaryColor, setPrimaryColor] = useState<string>(COLOR_SCHEMES[0].primary)
  const [fontFamily, setFontFamily] = useState<string>(ONBOARDING_FONTS[0])

  // Plan cap on categories (0 = unlimited); the server enforces it too (403).
  const plan = ws.data?.plan
  const maxCategories = me.isAdmin ? 0 : (plan?.maxCategories ?? 0)
  const capped = atCategoryCap(selected.length, maxCategories)

  const refreshMe = () => queryClient.invalidateQueries({ queryKey: qk.me })

  const complete = useMutation({
    mutationFn: () =>
      completeOnboarding({
        blogTitle: blogTitle.trim(),
        blogDescription: blogDescription.trim(),
        categories: selected,
        primaryColor,
        fontFamily,
      }),
    onSuccess: () => {
      setStep(4)
      void queryClient.invalidateQueries({ queryKey: qk.workspace })
      void refreshMe()
    },
    onError: (err) => {
      toast.error('Failed to complete setup', { description: errorMessage(err) })
      if (isApiError(err, 403)) {
        setError(err.message)
        setStep(2)
      }
    },
  })

  const skip = useMutation({
    mutationFn: skipOnboarding,
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: qk.workspace })
      await refreshMe()
      navigate('/dashboard')
    },
    onError: (err) => toast.error('Failed to skip onboarding', { description: errorMessage(err) }),
  })

  const busy = complete.isPending || skip.isPending
  const isSelected = (slug: string) => selected.some((c) => c.slug === slug)

  const toggle = (c: NewCategory) => {
    if (!isSelected(c.slug) && capped) return
    setError(null)
    setSelected((s) => toggleCategory(s, c))
  }
  const addCustom = () => {
    const cat = customCategory(custom)
    if (!cat) return
    if (selected.some((c) => sameCategory(c, cat))) {
      setCustom('')
      return
    }
    if (capped) return
    setSelected((s) => addCustomCategory(s, custom))
    setCustom('')
    setError(null)
  }
  const onCustomKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      addCustom()
    }
  }

  const next = (e?: FormEvent) => {
    e?.preventDefault()
    if (busy) return
    const problem = validateStep(step, { blogTitle, categories: selected })
    if (problem) {
      setError(problem)
      return
    }
    setError(null)
    if (step === 3) complete.mutate()
    else setStep(step + 1)
  }
  const back = () => {
    setError(null)
    setStep((s) => Math.max(1, s - 1))
  }

  const customs = selected.filter((c) => !SUGGESTED_CATEGORIES.some((s) => s.slug === c.slug))
  const preview = (
    <BlogPreview
      title={blogTitle}
      description={blogDescription}
      primaryColor={primaryColor}
      fontFamily={fontFamily}
      categories={selected}
      slug={me.workspace?.slug}
    />
  )

  if (step === 4) {
    return (
      <div className="container-page max-w-2xl py-12 sm:py-16">
        <Progress step={4} />
        <Card className="mt-8 px-6 py-10 text-center sm:px-10">
          <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <Check className="size-7" aria-hidden="true" />
          </span>
          <StepHeading title="Your blog is ready!" text="Generate your first post from the dashboard, or manage your posts." />
          <div className="mx-auto mt-8 max-w-xs text-left">{preview}</div>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/dashboard">
                <LayoutDashboard aria-hidden="true" /> Go to Dashboard
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/dashboard/posts">
                <FileText aria-hidden="true" /> View My Posts
              </Link>
            </Button>
          </div>
        </Card>
      </div>
    )
  }

  return (
    <div className="container-page max-w-5xl py-10 sm:py-12">
      <p className="mb-4 text-sm font-semibold uppercase tracking-wider text-brand-700">
        Set up your blog · Step {step} of 4
      </p>
      <Progress step={step} />

      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="p-6 sm:p-8">
          <form onSubmit={next} noValidate>
            <fieldset disabled={busy} className="grid gap-6">
              <legend className="sr-only">{STEP_LABELS[step - 1]}</legend>
              {step === 1 && (
                <>
                  <StepHeading title="Name your blog" text="You can change this later in your dashboard." />
                  <Field id="ob-title" label="Blog name" error={error}>
                    {(aria) => (
                      <Input
                        {...aria}
                        value={blogTitle}
                        maxLength={120}
                        autoComplete="off"
                        onChange={(e) => {
                          setBlogTitle(e.target.value)
                          setError(null)
                        }}
                        placeholder="My Awesome Blog"
                      />
                    )}
                  </Field>
                  <Field id="ob-desc" label="Description" hint="One or two sentences for your readers and search engines.">
                    {(aria) => (
                      <Textarea
                        {...aria}
                        rows={3}
                        maxLength={500}
                        value={blogDescription}
                        onChange={(e) => setBlogDescription(e.target.value)}
                        placeholder="What will you write about?"
                      />
                    )}
                  </Field>
                </>
              )}

              {step === 2 && (
                <>
                  <StepHeading title="Pick your categories" text="Choose from the suggestions or create your own." />
                  {maxCategories > 0 && (
                    <p className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 px-4 py-2.5 text-sm text-slate-700" aria-live="polite">
                      <span>
                        Your {plan?.name ?? 'current'} plan allows up to {maxCategories} categories.
                      </span>
                      <span className={cn('font-semibold tabular-nums', capped ? 'text-amber-700' : 'text-slate-900')}>
                        {selected.length}/{maxCategories} selected
                      </span>
                    </p>
                  )}
                  <ul className="grid gap-2 sm:grid-cols-2" aria-label="Suggested categories">
                    {SUGGESTED_CATEGORIES.map((c) => {
                      const on = isSelected(c.slug)
                      const blocked = !on && capped
                      return (
                        <li key={c.slug}>
                          <button
                            type="button"
                            aria-pressed={on}
                            aria-disabled={blocked || undefined}
                            onClick={() => toggle(c)}
                            className={cn(
                              'flex w-full items-start gap-3 rounded-xl border px-3 py-2.5 text-left text-sm transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                              on ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:border-slate-300',
                              blocked && 'cursor-not-allowed opacity-50 hover:border-slate-200',
                            )}
                          >
                            <span className="mt-1 size-3 shrink-0 rounded-full" style={{ background: c.colorHex }} aria-hidden="true" />
                            <span className="min-w-0 flex-1">
                              <span className="block font-medium text-slate-900">{c.name}</span>
                              <span className="block text-xs text-slate-500">{c.description}</span>
                            </span>
                            <span
                              className={cn(
                                'mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full border',
                                on ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300',
                              )}
                              aria-hidden="true"
                            >
                              {on && <Check className="size-3" />}
                            </span>
                          </button>
                        </li>
                      )
                    })}
                  </ul>
                  <div className="grid gap-2">
                    <label htmlFor="ob-custom" className="text-sm font-medium text-slate-800">
                      Custom category
                    </label>
                    <div className="flex gap-2">
                      <Input
                        id="ob-custom"
                        value={custom}
                        maxLength={60}
                        onChange={(e) => setCustom(e.target.value)}
                        onKeyDown={onCustomKey}
                        placeholder="e.g. Home Office"
                        aria-describedby="ob-custom-hint"
                        disabled={busy || capped}
                      />
                      <Button variant="outline" onClick={addCustom} disabled={busy || capped || !custom.trim()}>
                        <Plus aria-hidden="true" /> Add
                      </Button>
                    </div>
                    <p id="ob-custom-hint" className="text-xs text-slate-500">
                      Press Enter to add.
                    </p>
                  </div>
                  {customs.length > 0 && (
                    <ul className="flex flex-wrap gap-2" aria-label="Your custom categories">
                      {customs.map((c) => (
                        <li key={c.slug} className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-900 ring-1 ring-brand-200">
                          <span className="size-2 rounded-full" style={{ background: c.colorHex }} aria-hidden="true" />
                          {c.name}
                          <button
                            type="button"
                            onClick={() => toggle(c)}
                            className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                            aria-label={`Remove ${c.name}`}
                          >
                            <X className="size-3" aria-hidden="true" />
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                  {error && (
                    <p role="alert" className="text-sm font-medium text-red-600">
                      {error}
                    </p>
                  )}
                </>
              )}

              {step === 3 && (
                <>
                  <StepHeading title="Make it yours" text="Choose a colour scheme and a font. The preview updates as you go." />
                  <fieldset>
                    <legend className="text-sm font-medium text-slate-800">Colour scheme</legend>
                    <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
                      {COLOR_SCHEMES.map((c) => (
                        <label
                          key={c.name}
                          className={cn(
                            'relative flex cursor-pointer items-center gap-2.5 rounded-xl border px-3 py-2.5 text-sm transition has-focus-visible:ring-2 has-focus-visible:ring-brand-500',
                            primaryColor === c.primary ? 'border-slate-900 bg-slate-50 font-semibold' : 'border-slate-200 hover:border-slate-300',
                          )}
                        >
                          <input
                            type="radio"
                            name="color"
                            value={c.primary}
                            checked={primaryColor === c.primary}
                            onChange={() => setPrimaryColor(c.primary)}
                            className="absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
                          />
                          <span className="flex shrink-0 -space-x-1.5" aria-hidden="true">
                            <span className="size-5 rounded-full ring-2 ring-white" style={{ background: c.primary }} />
                            <span className="size-5 rounded-full ring-2 ring-white" style={{ background: c.accent }} />
                          </span>
                          {c.name}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                  <fieldset>
                    <legend className="text-sm font-medium text-slate-800">Font</legend>
                    <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
                      {ONBOARDING_FONTS.map((f) => (
                        <label
                          key={f}
                          className={cn(
                            'relative cursor-pointer rounded-xl border px-3 py-2.5 transition has-focus-visible:ring-2 has-focus-visible:ring-brand-500',
                            fontFamily === f ? 'border-slate-900 bg-slate-50' : 'border-slate-200 hover:border-slate-300',
                          )}
                          style={{ fontFamily: fontFor(f).stack }}
                        >
                          <input type="radio" name="font" value={f} checked={fontFamily === f} onChange={() => setFontFamily(f)} className="absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed" />
                          <span className="block text-lg leading-tight" aria-hidden="true">
                            Aa
                          </span>
                          <span className="block text-sm">{f}</span>
                        </label>
                      ))}
                    </div>
                  </fieldset>
                  <div className="lg:hidden">
                    <p className="mb-2 text-sm font-medium text-slate-800">Preview</p>
                    {preview}
                  </div>
                </>
              )}

              <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
                <Button variant="ghost" onClick={() => skip.mutate()} className="text-slate-600">
                  {skip.isPending && <Spinner />}
                  {skip.isPending ? 'Skipping...' : 'Skip for now'}
                </Button>
                <div className="flex gap-2">
                  {step > 1 && (
                    <Button variant="outline" onClick={back} className="flex-1 sm:flex-none">
                      <ArrowLeft aria-hidden="true" /> Back
                    </Button>
                  )}
                  <Button type="submit" className="flex-1 sm:flex-none">
                    {complete.isPending && <Spinner />}
                    {step === 3 ? (complete.isPending ? 'Saving...' : 'Complete setup') : 'Next'}
                    {step < 3 && <ArrowRight aria-hidden="true" />}
                  </Button>
                </div>
              </div>
            </fieldset>
          </form>
        </Card>

        <aside className="sticky top-24 hidden lg:block" aria-label="Preview">
          <p className="mb-2 text-sm font-medium text-slate-600">Live preview</p>
          {preview}
        </aside>
      </div>
    </div>
  )
}

function OnboardingGate({ me }: { me: Me }) {
  // Only send finished users away on arrival; the wizard shows its own completion step.
  const [initiallyDone] = useState(me.onboardingCompleted)
  if (me.isAdmin) return <Navigate to="/admin/dashboard" replace />
  if (initiallyDone) return <Navigate to="/dashboard" replace />
  return <Wizard me={me} />
}

export default function Onboarding() {
  usePageMeta('Set up your blog')
  return <RequireSession redirectTo="/admin/login">{(me) => <OnboardingGate me={me} />}</RequireSession>
}
