import { Check } from 'lucide-react'
import { cn } from '@/lib/utils'
import { STEP_LABELS } from './onboarding'

/** The four steps as a bar; done steps are ticked, the current one is named on phones too. */
export function Progress({ step }: { step: number }) {
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
