import { Plus, Trash2 } from 'lucide-react'
import type { SocialLink, SocialNetwork } from '@/api/types'
import { LIMITS } from '@/api/types'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { LINK_ERROR } from './links'
import { NETWORKS } from '@/lib/networks'

/** Rows of (network, https address), at most LIMITS.socialLinksMax: a blog's or an author's links. */
export function SocialLinksEditor({
  id,
  label,
  links,
  bad,
  onChange,
}: {
  id: string
  label: string
  links: SocialLink[]
  /** Rows whose address is refused. */
  bad: Set<number>
  onChange: (links: SocialLink[]) => void
}) {
  const set = (i: number, patch: Partial<SocialLink>) => onChange(links.map((l, j) => (j === i ? { ...l, ...patch } : l)))
  const full = links.length >= LIMITS.socialLinksMax
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-900">{label}</legend>
      {links.length === 0 && <p className="text-sm text-slate-500">No links yet.</p>}
      <ul className="grid gap-3">
        {links.map((l, i) => (
          <li key={i} className="grid gap-1">
            <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
              <Select value={l.network} onValueChange={(v) => set(i, { network: v as SocialNetwork })}>
                <SelectTrigger id={`${id}-net-${i}`} aria-label={`Link ${i + 1} network`} className="w-full sm:w-36">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {NETWORKS.map((n) => (
                    <SelectItem key={n.id} value={n.id}>
                      {n.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Input
                id={`${id}-url-${i}`}
                aria-label={`Link ${i + 1} address`}
                aria-invalid={bad.has(i) || undefined}
                aria-describedby={bad.has(i) ? `${id}-url-${i}-error` : undefined}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={l.url}
                maxLength={LIMITS.linkUrlMax}
                onChange={(e) => set(i, { url: e.target.value })}
                className="min-w-0 flex-1"
              />
              <Button type="button" size="icon" variant="ghost" aria-label={`Remove link ${i + 1}`} onClick={() => onChange(links.filter((_, j) => j !== i))}>
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            {bad.has(i) && (
              <p id={`${id}-url-${i}-error`} role="alert" className="text-sm font-medium text-red-600">
                {LINK_ERROR}
              </p>
            )}
          </li>
        ))}
      </ul>
      <div>
        <Button type="button" size="sm" variant="outline" disabled={full} onClick={() => onChange([...links, { network: 'website', url: '' }])}>
          <Plus aria-hidden="true" /> {full ? `At most ${LIMITS.socialLinksMax} links` : 'Add link'}
        </Button>
      </div>
    </fieldset>
  )
}
