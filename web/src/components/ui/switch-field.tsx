import type { ReactNode } from 'react'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { cn } from '@/lib/utils'

/** An on/off setting in a bordered box: its label and hint on the left, the switch on the right. */
export function SwitchField({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
  className = 'py-3',
}: {
  id: string
  label: string
  hint: ReactNode
  checked: boolean
  onCheckedChange: (on: boolean) => void
  className?: string
}) {
  return (
    <div className={cn('flex items-start justify-between gap-4 rounded-xl border border-slate-200 px-4', className)}>
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-hint`} checked={checked} onCheckedChange={onCheckedChange} />
    </div>
  )
}
