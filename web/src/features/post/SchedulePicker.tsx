import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { fromLocalInput, minInput, suggestedTime, timeZoneName, toLocalInput } from './schedule'

/** A date and time in the user's time zone, confirmed as an ISO UTC instant. */
export function SchedulePicker({
  current,
  confirmLabel,
  busy,
  error,
  onEdit,
  onConfirm,
  onCancel,
}: {
  current?: string
  confirmLabel: string
  busy: boolean
  error?: string
  onEdit: () => void
  onConfirm: (iso: string) => void
  onCancel: () => void
}) {
  const [value, setValue] = useState(() => toLocalInput(current) || suggestedTime())
  const [invalid, setInvalid] = useState<string | null>(null)
  const [min] = useState(() => minInput())

  const confirm = () => {
    const iso = fromLocalInput(value)
    if (!iso) setInvalid('Choose a date and time')
    else onConfirm(iso)
  }

  return (
    <div className="grid gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <Field id="publish-at" label="Publish on" error={invalid ?? error} hint={`Your time zone: ${timeZoneName()}`}>
        {(aria) => (
          <Input
            {...aria}
            type="datetime-local"
            min={min}
            value={value}
            onChange={(e) => {
              setValue(e.target.value)
              setInvalid(null)
              onEdit()
            }}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={confirm} disabled={busy}>
          {busy && <Spinner />}
          {confirmLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </div>
  )
}
