import type { ReactNode } from 'react'
import { PALETTE } from '@/api/shared.gen'
import { fontFor } from '@/lib/fonts'
import { useFontStylesheets } from '@/lib/fontLoader'
import { cn } from '@/lib/utils'
import { ONBOARDING_FONTS } from './onboarding'
import { StepHeading } from './StepHeading'
import type { WizardState } from './useWizard'

const RADIO = 'absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed'
const CARD = 'relative cursor-pointer rounded-xl border px-3 py-2.5 transition has-focus-visible:ring-2 has-focus-visible:ring-brand-500'

/** Step 3: colour scheme and font, with the live preview below on small screens. */
export function LookStep({ w, preview }: { w: WizardState; preview: ReactNode }) {
  // Each choice is shown in its own font.
  useFontStylesheets(ONBOARDING_FONTS)
  return (
    <>
      <StepHeading focus={w.moved} title="Make it yours" text="Choose a colour scheme and a font. The preview updates as you go." />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Colour scheme</legend>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {PALETTE.schemes.map((c) => (
            <label
              key={c.name}
              className={cn(CARD, 'flex items-center gap-2.5 text-sm', w.primaryColor === c.primary ? 'border-slate-900 bg-slate-50 font-semibold' : 'border-slate-200 hover:border-slate-300')}
            >
              <input type="radio" name="color" value={c.primary} checked={w.primaryColor === c.primary} onChange={() => w.setPrimaryColor(c.primary)} className={RADIO} />
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
            <label key={f} className={cn(CARD, w.fontFamily === f ? 'border-slate-900 bg-slate-50' : 'border-slate-200 hover:border-slate-300')} style={{ fontFamily: fontFor(f).stack }}>
              <input type="radio" name="font" value={f} checked={w.fontFamily === f} onChange={() => w.setFontFamily(f)} className={RADIO} />
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
  )
}
