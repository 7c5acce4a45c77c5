/**
 * Generation jobs as the screens show them: the stage of a job under way, its elapsed time and the
 * badge of its status. Pure rules, tested in jobs.test.ts; the dialog and the dashboards' "Recent
 * generations" card use them.
 */
import type { Job, JobStatus } from '@/api/types'

/** Queued or running: the job may still write a post (and may be canceled). */
export function isActive(job: Pick<Job, 'status'> | null | undefined): boolean {
  return job?.status === 'queued' || job?.status === 'running'
}

/** What a job under way is doing, as a sentence; '' once it is over. */
export function stageLabel(job: Pick<Job, 'status' | 'stage'>, canceling = false): string {
  if (!isActive(job)) return ''
  if (canceling) return 'Canceling…'
  if (job.status === 'queued') return 'Waiting for a free writer…'
  switch (job.stage) {
    case 'illustrating':
      return 'Drawing the cover…'
    case 'saving':
      return 'Saving…'
    default:
      // 'writing', or running before the worker named its first stage.
      return 'Writing the article…'
  }
}

/** Seconds as mm:ss (h:mm:ss from an hour on); 00:00 for anything negative or not a number. */
export function formatElapsed(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  const two = (n: number) => String(n).padStart(2, '0')
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`
}

/**
 * Whole seconds from the job's creation to its end, or to `now` while it runs. Never negative: the
 * server's clock may run ahead of the browser's.
 */
export function elapsedSeconds(job: Pick<Job, 'createdAt' | 'finishedAt'>, now: number): number {
  const start = Date.parse(job.createdAt)
  const end = job.finishedAt ? Date.parse(job.finishedAt) : now
  if (Number.isNaN(start) || Number.isNaN(end)) return 0
  return Math.max(0, Math.floor((end - start) / 1000))
}

export type JobTone = 'waiting' | 'working' | 'done' | 'failed' | 'canceled'

export interface JobBadge {
  label: string
  tone: JobTone
}

const BADGES: Record<JobStatus, JobBadge> = {
  queued: { label: 'Queued', tone: 'waiting' },
  running: { label: 'Running', tone: 'working' },
  succeeded: { label: 'Done', tone: 'done' },
  failed: { label: 'Failed', tone: 'failed' },
  canceled: { label: 'Canceled', tone: 'canceled' },
}

/** The status badge: its text and its colour. An unknown status reads as it comes. */
export function jobBadge(job: Pick<Job, 'status'>): JobBadge {
  return BADGES[job.status] ?? { label: String(job.status), tone: 'waiting' }
}
