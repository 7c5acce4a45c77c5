/**
 * /onboarding — 4-step setup wizard (placeholder implementation; the owner-area engineer may replace it).
 * (1) blog name and description, (2) categories, (3) colour scheme, font and template, (4) done.
 */
import { useState, type KeyboardEvent } from 'react'
import { Link, Navigate, useNavigate } from 'react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Check, Plus, X } from 'lucide-react'
import { toast } from 'sonner'
import { completeOnboarding, skipOnboarding } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { Me, NewCategory, TemplateId } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { usePageMeta } from '@/hooks/usePageMeta'
import { categorySlug } from '@/lib/keywords'
import { fontFor } from '@/lib/fonts'
import { DEFAULT_CATEGORY_COLOR } from '@/lib/constants'
import { cn } from '@/lib/utils'

const SUGGESTED_CATEGORIES: NewCategory[] = [
  { name: 'Marketing', slug: 'marketing', colorHex: '#8b5cf6', description: 'Marketing strategies, social media and growth' },
  { name: 'Technology', slug: 'technology', colorHex: '#0ea5e9', description: 'Tech news, tools and tutorials' },
  { name: 'Health & Wellness', slug: 'health-wellness', colorHex: '#10b981', description: 'Health, nutrition and wellbeing' },
  { name: 'Business', slug: 'business', colorHex: '#6366f1', description: 'Business ideas, management and entrepreneurship' },
  { name: 'Lifestyle', slug: 'lifestyle', colorHex: '#ec4899', description: 'Everyday life, habits and inspiration' },
  { name: 'Finance', slug: 'finance', colorHex: '#f59e0b', description: 'Personal finance, investing and money tips' },
  { name: 'Food & Cooking', slug: 'food-cooking', colorHex: '#ef4444', description: 'Recipes, cooking tips and food culture' },
  { name: 'Travel', slug: 'travel', colorHex: '#14b8a6', description: 'Destinations, guides and travel tips' },
  { name: 'Personal Development', slug: 'personal-development', colorHex: '#a855f7', description: 'Growth, productivity and mindset' },
  { name: 'Entertainment', slug: 'entertainment', colorHex: '#f97316', description: 'Movies, music, games and pop culture' },
]

const COLOR_SCHEMES = [
  { name: 'Indigo Blue', value: '#6366f1' },
  { name: 'Emerald Green', value: '#10b981' },
  { name: 'Rose Pink', value: '#f43f5e' },
  { name: 'Amber Gold', value: '#f59e0b' },
  { name: 'Purple', value: '#a855f7' },
]

const ONBOARDING_FONTS = ['Inter', 'Playfair Display', 'Montserrat', 'Merriweather', 'Lato']

const TEMPLATES: { id: TemplateId; name: string; text: string }[] = [
  { id: 'template-1', name: 'Modern', text: 'Card grid with a bold colour band' },
  { id: 'template-2', name: 'Classic', text: 'Single column, serif headings' },
  { id: 'template-3', name: 'Minimal', text: 'Text-only list, lots of space' },
]

const STEPS = ['Your blog', 'Categories', 'Look and feel', 'Done']

function Wizard({ me }: { me: Me }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [step, setStep] = useState(1)
  const [blogTitle, setBlogTitle] = useState(me.workspace?.name ?? '')
  const [blogDescription, setBlogDescription] = useState('')
  const [titleError, setTitleError] = useState<string | null>(null)
  const [selected, setSelected] = useState<NewCategory[]>([])
  const [custom, setCustom] = useState('')
  const [catError, setCatError] = useState<string | null>(null)
  const [primaryColor, setPrimaryColor] = useState(COLOR_SCHEMES[0].value)
  const [fontFamily, setFontFamily] = useState(ONBOARDING_FONTS[0])
  const [templateId, setTemplateId] = useState<TemplateId>('template-1')

  const refreshMe = () => queryClient.invalidateQueries({ queryKey: qk.me })

  const complete = useMutation({
    mutationFn: () =>
      completeOnboarding({ blogTitle: blogTitle.trim(), blogDescription: blogDescription.trim(), categories: selected, primaryColor, fontFamily, templateId }),
    onSuccess: () => {
      setStep(4)
      queryClient.removeQueries({ queryKey: qk.workspace })
      void refreshMe()
    },
    onError: (err) => toast.error('Failed to complete setup', { description: errorMessage(err) }),
  })

  const skip = useMutation({
    mutationFn: skipOnboarding,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: qk.workspace })
      await refreshMe()
      navigate('/dashboard')
    },
    onError: (err) => toast.error('Failed to skip onboarding', { description: errorMessage(err) }),
  })

  const busy = complete.isPending || skip.isPending
  const isSelected = (slug: string) => selected.some((c) => c.slug === slug)
  const toggle = (c: NewCategory) => {
    setCatError(null)
    setSelected((s) => (s.some((x) => x.slug === c.slug) ? s.filter((x) => x.slug !== c.slug) : [...s, c]))
  }
  const addCustom = () => {
    const name = custom.trim()
    const slug = categorySlug(name)
    if (!name || !slug || isSelected(slug)) return
    setSelected((s) => [...s, { name, slug, colorHex: DEFAULT_CATEGORY_COLOR, description: `${name} articles` }])
    setCustom('')
    setCatError(null)
  }
  const onCustomKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      addCustom()
    }
  }

  const nextStep = () => {
    if (step === 1) {
      if (!blogTitle.trim()) {
        setTitleError('Please enter a blog name')
        return
      }
      setStep(2)
    } else if (step === 2) {
      if (selected.length === 0) {
        setCatError('Please select or create at least one category')
        return
      }
      setStep(3)
    } else if (step === 3) {
      complete.mutate()
    }
  }

  return (
    <div className="container-page max-w-3xl py-12">
      <ol className="mb-8 grid grid-cols-4 gap-2" aria-label="Progress">
        {STEPS.map((label, i) => (
          <li key={label} aria-current={step === i + 1 ? 'step' : undefined}>
            <div className={cn('h-1.5 rounded-full', i + 1 <= step ? 'bg-indigo-600' : 'bg-slate-200')} />
            <p className={cn('mt-2 text-xs font-medium', i + 1 === step ? 'text-indigo-700' : 'text-slate-500')}>
              {i + 1}. {label}
            </p>
          </li>
        ))}
      </ol>

      <Card className="p-6 sm:p-8">
        {step === 1 && (
          <div className="grid gap-5">
            <div>
              <h1 className="text-2xl font-extrabold tracking-tight">Name your blog</h1>
              <p className="mt-1 text-sm text-slate-600">You can change this later in your dashboard.</p>
            </div>
            <Field id="ob-title" label="Blog name" error={titleError}>
              {(aria) => (
                <Input
                  {...aria}
                  value={blogTitle}
                  onChange={(e) => {
                    setBlogTitle(e.target.value)
                    setTitleError(null)
                  }}
                  placeholder="My Awesome Blog"
                  disabled={busy}
                />
              )}
            </Field>
            <Field id="ob-desc" label="Description">
              {(aria) => (
                <Textarea
                  {...aria}
                  rows={3}
                  value={blogDescription}
                  onChange={(e) => setBlogDescription(e.target.value)}
                  placeholder="What will you write about?"
                  disabled={busy}
                />
              )}
            </Field>
          </div>
        )}

        {step === 2 && (
          <div className="grid gap-5">
            <div>
              <h1 className="text-2xl font-extrabold tracking-tight">Pick your categories</h1>
              <p className="mt-1 text-sm text-slate-600">Choose from the suggestions or create your own.</p>
            </div>
            <ul className="grid gap-2 sm:grid-cols-2">
              {SUGGESTED_CATEGORIES.map((c) => {
                const on = isSelected(c.slug)
                return (
                  <li key={c.slug}>
                    <button
                      type="button"
                      aria-pressed={on}
                      onClick={() => toggle(c)}
                      className={cn(
                        'flex w-full items-center gap-3 rounded-xl border px-3 py-2.5 text-left text-sm transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                        on ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200 hover:border-slate-300',
                      )}
                    >
                      <span className="size-3 shrink-0 rounded-full" style={{ background: c.colorHex }} aria-hidden="true" />
                      <span className="flex-1 font-medium">{c.name}</span>
                      {on && <Check className="size-4 text-indigo-600" aria-hidden="true" />}
                    </button>
                  </li>
                )
              })}
            </ul>
            <div className="flex gap-2">
              <label htmlFor="ob-custom" className="sr-only">
                Custom category
              </label>
              <Input
                id="ob-custom"
                value={custom}
                onChange={(e) => setCustom(e.target.value)}
                onKeyDown={onCustomKey}
                placeholder="Add a custom category"
              />
              <Button variant="outline" onClick={addCustom}>
                <Plus aria-hidden="true" /> Add
              </Button>
            </div>
            {selected.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label="Selected categories">
                {selected.map((c) => (
                  <li key={c.slug} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm">
                    {c.name}
                    <button
                      type="button"
                      onClick={() => toggle(c)}
                      className="rounded-full p-1 hover:bg-slate-200"
                      aria-label={`Remove ${c.name}`}
                    >
                      <X className="size-3" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {catError && (
              <p role="alert" className="text-sm font-medium text-red-600">
                {catError}
              </p>
            )}
          </div>
        )}

        {step === 3 && (
          <div className="grid gap-6">
            <div>
              <h1 className="text-2xl font-extrabold tracking-tight">Make it yours</h1>
              <p className="mt-1 text-sm text-slate-600">Choose a colour scheme, a font and a template.</p>
            </div>
            <fieldset>
              <legend className="text-sm font-medium">Colour scheme</legend>
              <div className="mt-3 flex flex-wrap gap-3">
                {COLOR_SCHEMES.map((c) => (
                  <label key={c.value} className={cn('flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm has-focus-visible:ring-2 has-focus-visible:ring-indigo-500', primaryColor === c.value ? 'border-slate-900' : 'border-slate-200')}>
                    <input type="radio" name="color" value={c.value} checked={primaryColor === c.value} onChange={() => setPrimaryColor(c.value)} className="sr-only" />
                    <span className="size-5 rounded-full" style={{ background: c.value }} aria-hidden="true" />
                    {c.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className="text-sm font-medium">Font</legend>
              <div className="mt-3 flex flex-wrap gap-3">
                {ONBOARDING_FONTS.map((f) => (
                  <label key={f} className={cn('cursor-pointer rounded-xl border px-3 py-2 text-sm has-focus-visible:ring-2 has-focus-visible:ring-indigo-500', fontFamily === f ? 'border-slate-900' : 'border-slate-200')} style={{ fontFamily: fontFor(f).stack }}>
                    <input type="radio" name="font" value={f} checked={fontFamily === f} onChange={() => setFontFamily(f)} className="sr-only" />
                    {f}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className="text-sm font-medium">Template</legend>
              <div className="mt-3 grid gap-3 sm:grid-cols-3">
                {TEMPLATES.map((t) => (
                  <label key={t.id} className={cn('cursor-pointer rounded-xl border p-3 text-sm has-focus-visible:ring-2 has-focus-visible:ring-indigo-500', templateId === t.id ? 'border-slate-900 bg-slate-50' : 'border-slate-200')}>
                    <input type="radio" name="template" value={t.id} checked={templateId === t.id} onChange={() => setTemplateId(t.id)} className="sr-only" />
                    <span className="block font-semibold">{t.name}</span>
                    <span className="block text-xs text-slate-500">{t.text}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
        )}

        {step === 4 && (
          <div className="py-6 text-center">
            <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
              <Check className="size-7" aria-hidden="true" />
            </span>
            <h1 className="mt-5 text-2xl font-extrabold tracking-tight">Your blog is ready!</h1>
            <p className="mt-2 text-slate-600">Generate your first post or look around your dashboard.</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Button asChild size="lg">
                <Link to="/dashboard">Go to Dashboard</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/dashboard/posts">Manage Posts</Link>
              </Button>
            </div>
          </div>
        )}

        {step < 4 && (
          <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-6">
            <Button variant="ghost" onClick={() => skip.mutate()} disabled={busy}>
              {skip.isPending ? 'Skipping...' : 'Skip for now'}
            </Button>
            <div className="flex gap-2">
              {step > 1 && (
                <Button variant="outline" onClick={() => setStep((s) => s - 1)} disabled={busy}>
                  Back
                </Button>
              )}
              <Button onClick={nextStep} disabled={busy}>
                {step === 3 ? (complete.isPending ? 'Saving...' : 'Complete setup') : 'Next'}
              </Button>
            </div>
          </div>
        )}
      </Card>
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
