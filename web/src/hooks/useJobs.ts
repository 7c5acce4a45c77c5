import { useEffect, useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { cancelJob, getJob, getJobs } from '@/api/endpoints'
import { errorMessage, isApiError } from '@/api/client'
import { qk } from '@/api/queryKeys'
import type { Job } from '@/api/types'
import { isActive } from '@/features/generate/jobs'
import { useRefreshOwnerData } from './useOwner'

/** How often a job under way is asked for (the dialog follows one job). */
export const JOB_POLL_MS = 1000
/** How often the recent jobs are asked for while one of them is under way. */
export const JOBS_POLL_MS = 3000

/**
 * One generation job (GET /api/workspace/jobs/{id}), asked for every second while it is queued or
 * running; the polling stops once it is over, or when the server no longer knows it (404).
 */
export function useJob(id: number | null) {
  return useQuery({
    queryKey: qk.job(id ?? 0),
    queryFn: () => getJob(id ?? 0),
    enabled: id !== null,
    refetchInterval: (q) => (isApiError(q.state.error, 404) ? false : isActive(q.state.data) ? JOB_POLL_MS : false),
  })
}

/**
 * The workspace's recent jobs, newest first (GET /api/workspace/jobs), asked for every 3 s while one
 * is under way. When one of them ends, everything it may have changed is refreshed: the posts lists,
 * the usage counters and the drafts notice.
 */
export function useJobs(enabled = true) {
  const refresh = useRefreshOwnerData()
  const query = useQuery({
    queryKey: qk.jobs,
    queryFn: getJobs,
    enabled,
    refetchInterval: (q) => ((q.state.data ?? []).some(isActive) ? JOBS_POLL_MS : false),
  })
  const underWay = useRef<Set<number> | null>(null)
  const jobs = query.data
  useEffect(() => {
    if (!jobs) return
    const before = underWay.current
    underWay.current = new Set(jobs.filter(isActive).map((j) => j.id))
    if (before && jobs.some((j) => before.has(j.id) && !isActive(j))) void refresh()
  }, [jobs, refresh])
  return query
}

/**
 * Cancels a job (POST /api/workspace/jobs/{id}/cancel). A queued job is canceled at once; a running
 * one keeps running until its worker hears of it, so `requested` tells which jobs are being
 * canceled. A job that ended meanwhile (409 job_finished) is simply asked for again.
 */
export function useCancelJob() {
  const queryClient = useQueryClient()
  const [requested, setRequested] = useState<ReadonlySet<number>>(() => new Set())
  const mutation = useMutation({
    mutationFn: cancelJob,
    onSuccess: (job: Job) => {
      queryClient.setQueryData(qk.job(job.id), job)
      setRequested((s) => new Set(s).add(job.id))
      void queryClient.invalidateQueries({ queryKey: qk.jobsAll })
    },
    onError: (err, id) => {
      if (isApiError(err, 409)) {
        void queryClient.invalidateQueries({ queryKey: qk.jobsAll })
        return
      }
      toast.error('Cancel failed', { description: errorMessage(err) })
      void queryClient.invalidateQueries({ queryKey: qk.job(id) })
    },
  })
  const canceling = (job: Job | null | undefined): boolean =>
    Boolean(job && isActive(job) && (requested.has(job.id) || (mutation.isPending && mutation.variables === job.id)))
  return { cancel: mutation.mutate, canceling }
}

/** Date.now(), renewed every second while `ticking` (for elapsed times). */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!ticking) return
    const tick = () => setNow(Date.now())
    const t = setInterval(tick, 1000)
    const first = setTimeout(tick, 0)
    return () => {
      clearInterval(t)
      clearTimeout(first)
    }
  }, [ticking])
  return now
}
