import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { RotateCcw } from 'lucide-react'
import { getPostRevisions } from '@/api/endpoints'
import { qk } from '@/api/queryKeys'
import type { Revision } from '@/api/types'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { LoadingRows, QueryState } from '@/components/ui/query-state'
import { formatDateTime } from '@/lib/format'
import { Panel } from './Panel'
import type { PostDesk } from './usePostDesk'

/** The post's saved versions, newest first, each with "Restore" (after a confirmation). */
export function RevisionsPanel({ desk }: { desk: PostDesk }) {
  const id = desk.post?.id ?? 0
  const revisions = useQuery({ queryKey: qk.postRevisions(id), queryFn: () => getPostRevisions(id), enabled: id > 0 })
  const [chosen, setChosen] = useState<Revision | null>(null)
  const restoring = desk.busy === 'restore'

  return (
    <Panel id="revisions" title="Revisions">
      {id === 0 ? (
        <p className="text-xs text-slate-500">Versions are kept from the first save on.</p>
      ) : (
        <QueryState
          query={revisions}
          loading={<LoadingRows count={2} rowClassName="h-10 rounded-lg" />}
          empty={<p className="text-xs text-slate-500">No earlier versions yet.</p>}
        >
          {(list) => (
            <ol className="-mx-1 grid max-h-72 gap-1 overflow-y-auto px-1">
              {list.map((r) => (
                <li key={r.id} className="flex min-w-0 items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-slate-50">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-800">{r.title || 'Untitled'}</p>
                    <p className="text-xs text-slate-500">
                      <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time> · {r.wordCount} words
                    </p>
                  </div>
                  <Button size="sm" variant="ghost" onClick={() => setChosen(r)} disabled={desk.busy !== null} aria-label={`Restore the version of ${formatDateTime(r.createdAt)}`}>
                    <RotateCcw aria-hidden="true" /> Restore
                  </Button>
                </li>
              ))}
            </ol>
          )}
        </QueryState>
      )}
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(o) => !o && setChosen(null)}
        title="Restore this version?"
        description={
          chosen &&
          `The title and content go back to “${chosen.title || 'Untitled'}” of ${formatDateTime(chosen.createdAt)}.${desk.dirty ? ' Your unsaved changes are lost.' : ''} The current version stays in the list.`
        }
        confirmLabel="Restore"
        busyLabel="Restoring..."
        busy={restoring}
        onConfirm={() => {
          if (chosen) void desk.restore(chosen).then(() => setChosen(null))
        }}
      />
    </Panel>
  )
}
