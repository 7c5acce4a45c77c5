import { Check, Plus, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'
import { SUGGESTED_CATEGORIES } from './onboarding'
import { StepHeading } from './StepHeading'
import type { WizardState } from './useWizard'
import { LIMITS } from '@/api/types'

/** Step 2: the suggested categories to toggle, custom ones to add, and the plan's cap. */
export function CategoriesStep({ w }: { w: WizardState }) {
  const customs = w.selected.filter((c) => !SUGGESTED_CATEGORIES.some((s) => s.slug === c.slug))
  return (
    <>
      <StepHeading focus={w.moved} title="Pick your categories" text="Choose from the suggestions or create your own." />
      {w.maxCategories > 0 && (
        <p className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 px-4 py-2.5 text-sm text-slate-700" aria-live="polite">
          <span>
            Your {w.planName ?? 'current'} plan allows up to {w.maxCategories} categories.
          </span>
          <span className={cn('font-semibold tabular-nums', w.capped ? 'text-amber-700' : 'text-slate-900')}>
            {w.selected.length}/{w.maxCategories} selected
          </span>
        </p>
      )}
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Suggested categories">
        {SUGGESTED_CATEGORIES.map((c) => {
          const on = w.isSelected(c.slug)
          const blocked = !on && w.capped
          return (
            <li key={c.slug}>
              <button
                type="button"
                aria-pressed={on}
                aria-disabled={blocked || undefined}
                onClick={() => w.toggle(c)}
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
                  className={cn('mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full border', on ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300')}
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
            value={w.custom}
            maxLength={LIMITS.categoryNameMax}
            onChange={(e) => w.setCustom(e.target.value)}
            onKeyDown={w.onCustomKey}
            placeholder="e.g. Home Office"
            aria-describedby="ob-custom-hint"
            disabled={w.busy || w.capped}
          />
          <Button variant="outline" onClick={w.addCustom} disabled={w.busy || w.capped || !w.custom.trim()}>
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
                onClick={() => w.toggle(c)}
                className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                aria-label={`Remove ${c.name}`}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {w.error && (
        <p role="alert" className="text-sm font-medium text-red-600">
          {w.error}
        </p>
      )}
    </>
  )
}
