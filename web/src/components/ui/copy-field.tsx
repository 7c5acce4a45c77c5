import type { ComponentType } from 'react'
import { Check, Copy } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useCopy } from '@/hooks/useCopy'
import { cn } from '@/lib/utils'

/**
 * A URL with an open link and a copy button ('Copied to clipboard' toast). With `wrap` a long URL
 * breaks over lines instead of being cut (for lists of URLs that differ only at the end).
 */
export function CopyField({
  label,
  url,
  icon: Icon,
  wrap = false,
}: {
  label: string
  url: string
  icon: ComponentType<{ className?: string }>
  wrap?: boolean
}) {
  const { copy, copied } = useCopy()
  const done = copied === url
  return (
    <div className="grid min-w-0 grid-cols-1 gap-1.5">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <Icon className="size-4 text-slate-500" aria-hidden="true" />
        {label}
      </p>
      <div className="flex items-center gap-2 rounded-xl bg-slate-50 py-1.5 pl-3 pr-1.5 ring-1 ring-slate-200">
        <a href={url} target="_blank" rel="noopener noreferrer" className={cn('relative min-w-0 flex-1 font-mono text-xs text-brand-700 hover:underline sm:text-sm', wrap ? 'break-all' : 'truncate')}>
          {url}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Button size="sm" variant="outline" onClick={() => void copy(url)} aria-label={`Copy ${label}`} className="shrink-0">
          {done ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span className="max-sm:sr-only">{done ? 'Copied!' : 'Copy'}</span>
        </Button>
      </div>
    </div>
  )
}
