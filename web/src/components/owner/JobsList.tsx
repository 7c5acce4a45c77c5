import { useId } from 'react'
import { Link } from 'react-router'
import { ExternalLink, Sparkles, X } from 'lucide-react'
import type { Job } from '@/api/types'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { elapsedSeconds, formatElapsed, isActive, jobBadge, stageLabel, type JobTone } from '@/features/generate/jobs'
import { useCancelJob, useJobs, useNow } from '@/hooks/useJobs'
import { formatDateTime } from '@/lib/format'
import { cn } from '@/lib/utils'
import { postScreenPath } from './desk'

const TONE: Record<JobTone, string> = {
  waiting: 'bg-slate-100 text-slate-700 ring-slate-200',
  working: 'bg-brand-50 text-brand-800 ring-brand-200',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  canceled: 'bg-white text-slate-600 ring-slate-300',
}

function JobRow({ job, now, canceling, onCancel }: { job: Job; now: number; canceling: boolean; onCancel: () => void }) {
  const badge = jobBadge(job)
  const active = isActive(job)
  const elapsed = formatElapsed(elapsedSeconds(job, now))
  const topic = job.topic || 'Untitled'
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-slate-900" title={topic}>
          {topic}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
          <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold ring-1 ring-inset', TONE[badge.tone])}>
            {active && <Spinner className="size-3" />}
            {badge.label}
          </span>
          {active ? (
            <>
              <span>{stageLabel(job, canceling)}</span>
              <span className="tabular-nums" aria-label={`Elapsed ${elapsed}`}>
                {elapsed}
              </span>
            </>
          ) : (
            <span>
              {job.finishedAt && <time dateTime={job.finishedAt}>{formatDateTime(job.finishedAt)}</time>}
              {job.finishedAt && ' · '}
              took <span className="tabular-nums">{elapsed}</span>
            </span>
          )}
        </div>
        {job.status === 'failed' && job.error && <p className="mt-1 text-sm text-red-700">{job.error}</p>}
        {job.status === 'canceled' && job.error && <p className="mt-1 text-xs text-slate-500">{job.error}</p>}
        {job.status === 'succeeded' && job.imageError && (
          <p className="mt-1 text-xs text-amber-800">No cover: {job.imageError}</p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        {job.status === 'succeeded' && job.postId !== null && (
          <Button asChild size="sm" variant="outline">
            <Link to={postScreenPath(job.postId)} aria-label={`Open post “${topic}”`}>
              <ExternalLink aria-hidden="true" /> Open post
            </Link>
          </Button>
        )}
        {active && (
          <Button size="sm" variant="outline" onClick={onCancel} disabled={canceling} aria-label={`${canceling ? 'Canceling' : 'Cancel'} “${topic}”`}>
            {canceling ? <Spinner /> : <X aria-hidden="true" />}
            {canceling ? 'Canceling...' : 'Cancel'}
          </Button>
        )}
      </div>
    </li>
  )
}

/**
 * The dashboards' "Recent generations": the workspace's latest AI posts, written or being written
 * (GET /api/workspace/jobs, asked again every 3 s while one is under way), with the stage and the
 * time, 'Open post' once written, the reason when it failed and Cancel while it runs. Nothing while
 * there is none.
 */
export function JobsList() {
  const jobs = useJobs()
  const list = jobs.data ?? []
  const { cancel, canceling } = useCancelJob()
  const now = useNow(list.some(isActive))
  const titleId = useId()
  if (list.length === 0) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Sparkles className="size-5 text-brand-600" aria-hidden="true" /> Recent generations
        </CardTitle>
        <CardDescription>Posts the AI is writing or has written lately. They go on when you leave the page.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby={titleId} className="divide-y divide-slate-100">
          {list.map((job) => (
            <JobRow key={job.id} job={job} now={now} canceling={canceling(job)} onCancel={() => cancel(job.id)} />
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
