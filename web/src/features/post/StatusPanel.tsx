import { useState } from 'react'
import { CalendarClock, Send } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button, type ButtonProps } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/lib/format'
import { Panel } from './Panel'
import { SchedulePicker } from './SchedulePicker'
import { ACTION_LABEL, STATUS_LABEL, actionsFor, type DeskAction } from './status'
import type { PostDesk } from './usePostDesk'

const VARIANT: Record<DeskAction, ButtonProps['variant']> = {
  saveDraft: 'outline',
  publish: 'default',
  schedule: 'outline',
  update: 'default',
  reschedule: 'outline',
  publishNow: 'outline',
  unschedule: 'ghost',
  unpublish: 'ghost',
}

const BADGE = { draft: 'secondary', scheduled: 'outline', published: 'success' } as const

/** Status & publishing: where the post stands and the buttons that move it. */
export function StatusPanel({ desk, disabled }: { desk: PostDesk; disabled: boolean }) {
  const [picking, setPicking] = useState<'schedule' | 'reschedule' | null>(null)
  const { status, post, busy } = desk
  const working = busy !== null && busy !== 'auto'

  const run = (action: DeskAction) => {
    if (action === 'schedule' || action === 'reschedule') setPicking(action)
    else void desk.act(action)
  }

  return (
    <Panel id="status" title="Status & publishing" action={<Badge variant={BADGE[status]}>{STATUS_LABEL[status]}</Badge>}>
      {status === 'scheduled' && post?.publishAt && (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <CalendarClock className="size-4 text-slate-500" aria-hidden="true" />
          Goes live {formatDateTime(post.publishAt)}
        </p>
      )}
      {status === 'published' && post?.publishedAt && (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Send className="size-4 text-slate-500" aria-hidden="true" />
          Published {formatDateTime(post.publishedAt)}
        </p>
      )}
      {status === 'draft' && <p className="text-xs text-slate-500">Drafts save themselves as you write. Only you can see them.</p>}
      {picking ? (
        <SchedulePicker
          current={picking === 'reschedule' ? post?.publishAt : undefined}
          confirmLabel={picking === 'reschedule' ? 'Reschedule' : 'Schedule'}
          busy={busy === picking}
          error={desk.errors.schedule}
          onEdit={desk.clearScheduleError}
          onCancel={() => {
            setPicking(null)
            desk.clearScheduleError()
          }}
          onConfirm={(iso) =>
            void desk.act(picking, iso).then((ok) => {
              if (ok) setPicking(null)
            })
          }
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          {actionsFor(status).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={VARIANT[action]}
              disabled={disabled || working || (action === 'update' && !desk.dirty)}
              onClick={() => run(action)}
              className="grow"
            >
              {busy === action && <Spinner />}
              {ACTION_LABEL[action]}
            </Button>
          ))}
        </div>
      )}
    </Panel>
  )
}
