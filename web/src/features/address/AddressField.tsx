import { CircleAlert, CircleCheck } from 'lucide-react'
import { LIMITS } from '@/api/types'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { useSite } from '@/hooks/usePublic'
import { cn } from '@/lib/utils'
import { ADDRESS_AVAILABLE, ADDRESS_CHECKING, ADDRESS_HINT, ADDRESS_LABEL, addressPrefix } from './address'
import type { AddressStatus } from './useAddressCheck'

/**
 * The blog's address: the platform's '/blog/' before an input, and below it what the server says of it
 * ('Available', 'Checking...', or the refusal), announced politely as it changes.
 */
export function AddressField({
  id,
  value,
  onChange,
  status,
  hint = ADDRESS_HINT,
  disabled,
}: {
  id: string
  value: string
  onChange: (value: string) => void
  status: AddressStatus
  hint?: string
  disabled?: boolean
}) {
  const prefix = addressPrefix(useSite().data?.baseUrl)
  const statusId = `${id}-status`
  const hintId = `${id}-hint`
  const refused = status.state === 'refused'
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{ADDRESS_LABEL}</Label>
      <div
        className={cn(
          'flex h-10 w-full min-w-0 items-center overflow-hidden rounded-lg border border-slate-300 bg-white text-sm shadow-xs focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/40',
          refused && 'border-red-500 focus-within:border-red-500 focus-within:ring-red-500/30',
          disabled && 'opacity-60',
        )}
      >
        {/* The host only where there is room: on a phone the address itself needs the width. */}
        <span className="max-w-[55%] shrink-0 truncate border-r border-slate-200 bg-slate-50 px-3 py-2 text-slate-500" aria-hidden="true">
          <span className="hidden sm:inline">{prefix.host}</span>
          {prefix.path}
        </span>
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value.toLowerCase())}
          maxLength={LIMITS.addressMax}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          disabled={disabled}
          aria-invalid={refused || undefined}
          aria-describedby={`${statusId} ${hintId}`}
          className="h-full min-w-0 flex-1 bg-transparent px-3 text-slate-900 placeholder:text-slate-400 focus:outline-none disabled:cursor-not-allowed"
          placeholder="my-blog"
        />
      </div>
      <p id={statusId} aria-live="polite" className="min-h-5 text-sm">
        {status.state === 'checking' && (
          <span className="inline-flex items-center gap-1.5 text-slate-500">
            <Spinner /> {ADDRESS_CHECKING}
          </span>
        )}
        {status.state === 'available' && (
          <span className="inline-flex items-center gap-1.5 font-medium text-emerald-700">
            <CircleCheck className="size-4" aria-hidden="true" /> {ADDRESS_AVAILABLE}
          </span>
        )}
        {(status.state === 'refused' || status.state === 'unknown') && (
          <span className={cn('inline-flex items-start gap-1.5 font-medium', refused ? 'text-red-600' : 'text-amber-700')}>
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> {status.message}
          </span>
        )}
      </p>
      <p id={hintId} className="text-xs text-slate-500">
        {hint}
      </p>
    </div>
  )
}
