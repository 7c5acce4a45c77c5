import { useRef, useState } from 'react'
import { Download, MailPlus, Search, Trash2, Upload, Users, X } from 'lucide-react'
import { toast } from '@/lib/toast'
import { SUBSCRIBERS_EXPORT_URL } from '@/api/newsletter'
import type { Subscriber } from '@/api/types'
import { EmptyState } from '@/components/EmptyState'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { DataTable } from '@/components/ui/data-table'
import { Input } from '@/components/ui/input'
import { LoadingRows, QueryState } from '@/components/ui/query-state'
import { Spinner } from '@/components/ui/spinner'
import { useErrorToast } from '@/hooks/useErrorToast'
import { formatShortDate } from '@/lib/format'
import { cn } from '@/lib/utils'
import {
  DELETE_QUESTION,
  EMPTY_FILTERED,
  EMPTY_LIST,
  IMPORT_CONSENT_LABEL,
  IMPORT_HINT,
  IMPORT_REFUSED,
  IMPORT_SOURCE_LABEL,
  STATUS_BADGE,
  STATUS_TABS,
  capText,
  deleteDescription,
} from './texts'
import { useSubscribers, type SubscribersState } from './useSubscribers'

function StatusTabs({ s }: { s: SubscribersState }) {
  return (
    <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
      <div role="group" aria-label="Filter by status" className="inline-flex min-w-max gap-1 rounded-xl bg-slate-100 p-1">
        {STATUS_TABS.map((t) => {
          const on = s.status === t.value
          const n = s.counts?.[t.count]
          return (
            <button
              key={t.value}
              type="button"
              aria-pressed={on}
              onClick={() => s.setStatus(t.value)}
              className={cn(
                'inline-flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                on ? 'bg-white text-brand-700 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:bg-white/70 hover:text-slate-900',
              )}
            >
              {t.label}
              {n !== undefined && ' '}
              {n !== undefined && (
                <span className={cn('rounded-full px-1.5 text-xs tabular-nums', on ? 'bg-brand-50 text-brand-700' : 'bg-slate-200/70 text-slate-600')}>{n}</span>
              )}
            </button>
          )
        })}
      </div>
    </div>
  )
}

function StatusBadge({ sub }: { sub: Subscriber }) {
  const b = STATUS_BADGE[sub.status] ?? { label: sub.status, variant: 'secondary' as const }
  return <Badge variant={b.variant}>{b.label}</Badge>
}

/** 'Imported' for an address that consented elsewhere; the sign-up form's say nothing. */
function SourceBadge({ sub }: { sub: Subscriber }) {
  return sub.source === 'import' ? <Badge variant="outline">Imported</Badge> : null
}

const iconBtn =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-50 [&_svg]:size-4'

function RowActions({ sub, s, className }: { sub: Subscriber; s: SubscribersState; className?: string }) {
  const resending = s.resend.isPending && s.resend.variables?.id === sub.id
  return (
    <div className={cn('flex items-center gap-0.5', className)}>
      {sub.status === 'pending' && (
        <button
          type="button"
          className={iconBtn}
          onClick={() => s.resend.mutate(sub)}
          disabled={resending}
          aria-label={`Resend confirmation to ${sub.email}`}
          title="Resend confirmation"
        >
          {resending ? <Spinner /> : <MailPlus aria-hidden="true" />}
        </button>
      )}
      <button
        type="button"
        className={cn(iconBtn, 'hover:bg-red-50 hover:text-red-700')}
        onClick={() => s.setDeleting(sub)}
        aria-label={`Delete ${sub.email}`}
        title="Delete"
      >
        <Trash2 aria-hidden="true" />
      </button>
    </div>
  )
}

function Subscribed({ sub }: { sub: Subscriber }) {
  return <time dateTime={sub.createdAt}>{formatShortDate(sub.createdAt)}</time>
}

function ImportErrors({ s }: { s: SubscribersState }) {
  if (s.importErrors.length === 0) return null
  return (
    <div role="alert" aria-labelledby="import-errors-title" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <div className="flex items-start justify-between gap-3">
        <p id="import-errors-title" className="font-semibold">
          {IMPORT_REFUSED}
        </p>
        <button type="button" onClick={s.clearImportErrors} className={cn(iconBtn, 'size-7 text-red-700 hover:bg-red-100')} aria-label="Dismiss import errors">
          <X aria-hidden="true" />
        </button>
      </div>
      <ul className="mt-2 max-h-60 space-y-1 overflow-y-auto" aria-label="Refused rows">
        {s.importErrors.map((r) => (
          <li key={`${r.line}-${r.value}`} className="break-words">
            <span className="font-medium">Line {r.line}</span>
            {r.value ? (
              <>
                {': '}
                <code className="rounded bg-white/70 px-1">{r.value}</code>
              </>
            ) : null}
            {' — '}
            {r.reason}
          </li>
        ))}
      </ul>
    </div>
  )
}

function Toolbar({ s }: { s: SubscribersState }) {
  const input = useRef<HTMLInputElement>(null)
  const [source, setSource] = useState('')
  const [consent, setConsent] = useState(false)
  // The server refuses an import without both; the button waits for them.
  const ready = consent && source.trim() !== ''
  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = ''
    if (!file || !ready) return
    if (file.size === 0) {
      toast.error('Import failed', { description: 'The file is empty.' })
      return
    }
    s.upload.mutate({ file, source: source.trim(), consent })
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <p id="subscriber-cap" className="text-sm font-semibold tabular-nums text-slate-800">
          {s.counts ? capText(s.counts, s.limit) : 'Loading...'}
        </p>
        <p className="text-xs text-slate-500">Confirmed readers get your new posts by e-mail.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={SUBSCRIBERS_EXPORT_URL} download>
            <Download aria-hidden="true" /> Export CSV
          </a>
        </Button>
        <input
          ref={input}
          id="subscribers-import"
          type="file"
          accept=".csv,text/csv,text/plain"
          className="sr-only"
          tabIndex={-1}
          aria-label="CSV file to import"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <Button onClick={() => input.current?.click()} disabled={s.upload.isPending || !ready} aria-describedby="subscribers-import-hint">
          {s.upload.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
          {s.upload.isPending ? 'Importing...' : 'Import CSV'}
        </Button>
      </div>
      <div className="flex w-full flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-slate-700 sm:max-w-sm">
          {IMPORT_SOURCE_LABEL}
          <Input value={source} maxLength={200} placeholder="e.g. sign-ups on my old site" onChange={(e) => setSource(e.target.value)} />
        </label>
        <label className="flex items-center gap-2 text-xs font-medium text-slate-700">
          <Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} />
          {IMPORT_CONSENT_LABEL}
        </label>
      </div>
      <p id="subscribers-import-hint" className="w-full text-xs text-slate-500">
        {IMPORT_HINT}
      </p>
    </div>
  )
}

/**
 * The Subscribers screen's body (/dashboard/subscribers and /admin/subscribers): the plan's cap,
 * Export CSV and Import CSV, tabs by status with their counts, a search by address, and the list
 * (cards on phones, a table from tablets up) with Resend confirmation for pending addresses and
 * Delete after a question. 50 at a time, "Load more" for the next.
 */
export function SubscribersPanel() {
  const s = useSubscribers()
  useErrorToast(s.list, 'Error loading subscribers')
  const { list, subscribers } = s

  return (
    // min-w-0: the status tabs scroll sideways on phones instead of widening the page.
    <div className="grid gap-6 [&>*]:min-w-0">
      <Toolbar s={s} />
      <ImportErrors s={s} />
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <StatusTabs s={s} />
        <div className="relative lg:w-72">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <label htmlFor="subscriber-search" className="sr-only">
            Search subscribers by e-mail
          </label>
          <Input
            id="subscriber-search"
            type="search"
            placeholder="Search by e-mail"
            value={s.search}
            maxLength={200}
            onChange={(e) => s.setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
      </div>

      <QueryState
        query={{ ...list, data: list.data ? subscribers : undefined }}
        keepData
        loading={<LoadingRows count={5} rowClassName="h-14 rounded-xl" />}
        empty={
          s.filtered ? (
            <EmptyState icon={<Search className="size-6" aria-hidden="true" />} title={EMPTY_FILTERED} />
          ) : (
            <EmptyState icon={<Users className="size-6" aria-hidden="true" />} title={EMPTY_LIST} />
          )
        }
      >
        {(rows) => (
          <div aria-busy={list.isFetching && !list.isFetchingNextPage}>
            {/* Phones: cards */}
            <ul className="grid gap-3 md:hidden" aria-label="Subscribers">
              {rows.map((sub) => (
                <li key={sub.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <p className="break-all font-medium text-slate-900">{sub.email}</p>
                  {sub.note && <p className="mt-1 text-xs text-red-700">{sub.note}</p>}
                  <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1.5">
                    <StatusBadge sub={sub} />
                    <SourceBadge sub={sub} />
                    <span className="text-xs text-slate-500">
                      Subscribed <Subscribed sub={sub} />
                    </span>
                  </div>
                  <RowActions sub={sub} s={s} className="mt-3 justify-end border-t border-slate-100 pt-2" />
                </li>
              ))}
            </ul>

            {/* Tablets and up: table */}
            <DataTable caption="Subscribers" className="md:block" columns={['Email', 'Status', 'Source', 'Subscribed', { label: 'Actions', align: 'right' }]}>
              {rows.map((sub) => (
                <tr key={sub.id} className="hover:bg-slate-50">
                  <td className="max-w-0 px-4 py-3 md:w-1/2">
                    <p className="truncate font-medium text-slate-900" title={sub.email}>
                      {sub.email}
                    </p>
                    {sub.note && <p className="truncate text-xs text-red-700">{sub.note}</p>}
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge sub={sub} />
                  </td>
                  <td className="px-4 py-3">
                    {sub.source === 'import' ? <SourceBadge sub={sub} /> : <span className="text-slate-500">Sign-up form</span>}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                    <Subscribed sub={sub} />
                  </td>
                  <td className="px-2 py-1.5">
                    <RowActions sub={sub} s={s} className="justify-end" />
                  </td>
                </tr>
              ))}
            </DataTable>

            {list.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                  {list.isFetchingNextPage && <Spinner />}
                  {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </div>
        )}
      </QueryState>

      <ConfirmDialog
        open={s.deleting !== null}
        onOpenChange={(o) => !o && s.setDeleting(null)}
        title={DELETE_QUESTION}
        description={s.deleting ? deleteDescription(s.deleting) : undefined}
        busy={s.remove.isPending}
        onConfirm={() => s.deleting && s.remove.mutate(s.deleting)}
      />
    </div>
  )
}
