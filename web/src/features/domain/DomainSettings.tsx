import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Check, Copy, Globe, RefreshCw, Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import { getDomain, removeDomain, setDomain, verifyDomain } from '@/api/endpoints'
import { errorMessage, isApiError } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { Domain, DomainRecord, DomainStatus, Plan } from '@/api/types'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { useCopy } from '@/hooks/useCopy'
import { formatDateTime } from '@/lib/format'

export const UPGRADE_NOTE = 'Custom domains are available on the Professional and Agency plans.'

const STATUS: Record<DomainStatus, { label: string; variant: 'secondary' | 'success' | 'destructive' }> = {
  pending: { label: 'Pending', variant: 'secondary' },
  verified: { label: 'Verified', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
}

/**
 * Settings' "Custom domain" section: set a domain (plans that sell it), then the DNS records to
 * create with copy buttons, the verification status, "Check now" and "Remove domain". A domain an
 * admin granted shows on any plan; without one, other plans get the upgrade note.
 */
export function DomainSettings({ plan }: { plan: Pick<Plan, 'customDomain' | 'name'> }) {
  const query = useQuery({ queryKey: qk.domain, queryFn: getDomain })
  const domain = query.data
  return (
    <Card>
      <CardHeader>
        <CardTitle id="domain-title" className="flex items-center gap-2">
          <Globe className="size-5 text-slate-500" aria-hidden="true" />
          Custom domain
        </CardTitle>
        <CardDescription>Serve your blog on a domain you own, like blog.example.com.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-10 w-full rounded-xl" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-red-600">
            Could not load your custom domain: {errorMessage(query.error)}
          </p>
        ) : domain ? (
          <DomainState domain={domain} />
        ) : plan.customDomain ? (
          <DomainForm />
        ) : (
          <div className="rounded-xl bg-brand-50 p-4 text-sm text-slate-700 ring-1 ring-brand-100">
            <p className="font-medium text-slate-900">{UPGRADE_NOTE}</p>
            <p className="mt-1">Your {plan.name} plan serves your blog at its address on this site. Upgrade to use your own domain.</p>
          </div>
        )}
      </CardContent>
    </Card>
  )
}

function DomainForm() {
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: () => setDomain(name.trim()),
    onSuccess: (d) => {
      queryClient.setQueryData(qk.domain, d)
      void queryClient.invalidateQueries({ queryKey: qk.workspace, exact: true })
      toast.success('Custom domain saved', { description: 'Create the DNS records below, then press Check now.' })
    },
    onError: (err) => {
      if (isApiError(err, 400) || isApiError(err, 409)) setError(errorMessage(err))
      else toast.error('Could not save the domain', { description: errorMessage(err) })
    },
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim()) {
      setError('Enter a domain name, like blog.example.com.')
      return
    }
    save.mutate()
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby="domain-title" className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field id="domain-name" label="Domain" error={error} hint="A subdomain such as blog.example.com is easiest to point here." className="min-w-0 flex-1">
        {(aria) => (
          <Input
            {...aria}
            value={name}
            placeholder="blog.example.com"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="url"
            disabled={save.isPending}
            onChange={(e) => {
              setName(e.target.value)
              setError(null)
            }}
          />
        )}
      </Field>
      <Button type="submit" disabled={save.isPending} className="sm:mt-7">
        {save.isPending && <Spinner />}
        {save.isPending ? 'Saving...' : 'Save domain'}
      </Button>
    </form>
  )
}

function DomainState({ domain }: { domain: Domain }) {
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const status = STATUS[domain.status]
  const check = useMutation({
    mutationFn: verifyDomain,
    onSuccess: (d) => {
      queryClient.setQueryData(qk.domain, d)
      if (d?.status === 'verified') {
        void queryClient.invalidateQueries({ queryKey: qk.workspace, exact: true })
        toast.success('Domain verified', { description: `Your blog is live at https://${d.name}` })
      } else {
        toast.error('Domain not verified yet', { description: d?.error || 'The TXT record was not found.' })
      }
    },
    onError: (err) => toast.error('Could not check the domain', { description: errorMessage(err) }),
  })
  const remove = useMutation({
    mutationFn: removeDomain,
    onSuccess: () => {
      setConfirming(false)
      queryClient.setQueryData(qk.domain, null)
      void queryClient.invalidateQueries({ queryKey: qk.workspace, exact: true })
      toast.success('Custom domain removed')
    },
    onError: (err) => toast.error('Could not remove the domain', { description: errorMessage(err) }),
  })
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="min-w-0 break-all font-mono text-base font-semibold text-slate-900">{domain.name}</p>
        <Badge variant={status.variant} aria-label={`Status: ${status.label}`}>
          {status.label}
        </Badge>
      </div>
      {domain.status === 'verified' ? (
        <p className="text-sm text-slate-700">
          Your blog is live at{' '}
          <a href={`https://${domain.name}`} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 hover:underline">
            https://{domain.name}
          </a>
          . Keep these records in place: we check them daily.
        </p>
      ) : domain.status === 'pending' ? (
        <p className="text-sm text-slate-700">
          Create these records at your DNS provider. We check every few minutes for 72 hours; DNS changes can take a while to show up.
        </p>
      ) : (
        <p className="text-sm text-slate-700">Fix the records at your DNS provider, then press Check now.</p>
      )}
      {domain.error && (
        <p role={domain.status === 'failed' ? 'alert' : undefined} className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {domain.error}
        </p>
      )}
      <RecordsTable records={domain.records} />
      <div className="flex flex-wrap items-center gap-3">
        {domain.records.some((r) => r.type === 'TXT') && (
          <Button onClick={() => check.mutate()} disabled={check.isPending}>
            {check.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {check.isPending ? 'Checking...' : 'Check now'}
          </Button>
        )}
        <Button variant="outline" onClick={() => setConfirming(true)} className="text-red-700 hover:text-red-800">
          <Trash2 aria-hidden="true" />
          Remove domain
        </Button>
        {domain.checkedAt && <p className="text-xs text-slate-500">Last checked {formatDateTime(domain.checkedAt)}</p>}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove custom domain?"
        description={`Your blog goes back to its address on this site, and ${domain.name} stops serving it.`}
        confirmLabel="Remove domain"
        busyLabel="Removing..."
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </div>
  )
}

/** The records to create: type, name and value, each copyable; stacked on narrow screens. */
function RecordsTable({ records }: { records: DomainRecord[] }) {
  const { copy, copied } = useCopy()
  return (
    <div className="overflow-hidden rounded-xl ring-1 ring-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">DNS records to create</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500 max-sm:sr-only">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Type
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Value
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {records.map((r) => (
            <tr key={r.type + r.name} className="align-top max-sm:grid max-sm:gap-2 max-sm:p-3">
              <td className="px-3 py-2.5 max-sm:p-0">
                <Badge variant="outline" className="font-mono">
                  {r.type}
                </Badge>
              </td>
              {(['name', 'value'] as const).map((part) => {
                const key = `${r.type}:${part}:${r[part]}`
                const label = `${r.type} ${part}`
                return (
                  <td key={part} className="px-3 py-2.5 max-sm:p-0">
                    <div className="flex items-start gap-2">
                      <span className="sm:hidden w-12 shrink-0 pt-1 text-xs font-semibold uppercase text-slate-500">{part}</span>
                      <code className="min-w-0 flex-1 break-all rounded-md bg-slate-50 px-2 py-1 font-mono text-xs text-slate-800 ring-1 ring-slate-200">{r[part]}</code>
                      <Button size="sm" variant="ghost" className="shrink-0" aria-label={`Copy ${label}`} onClick={() => void copy(r[part], key)}>
                        {copied === key ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                      </Button>
                    </div>
                    {part === 'value' && r.note && <p className="mt-1.5 text-xs text-slate-600">{r.note}</p>}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
