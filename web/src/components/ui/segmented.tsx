import { cn } from '@/lib/utils'

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
  options: readonly { value: T; label: string; hint?: string }[]
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
