import { describe, expect, it } from 'vitest'
import type { Job, JobStage, JobStatus } from '@/api/types'
import { elapsedSeconds, formatElapsed, isActive, jobBadge, stageLabel } from './jobs'

describe('stage labels', () => {
  it.each<[JobStatus, JobStage | null, string]>([
    ['queued', null, 'Waiting for a free writer…'],
    ['running', null, 'Writing the article…'],
    ['running', 'writing', 'Writing the article…'],
    ['running', 'illustrating', 'Drawing the cover…'],
    ['running', 'saving', 'Saving…'],
    ['succeeded', 'saving', ''],
    ['failed', null, ''],
    ['canceled', 'writing', ''],
  ])('%s / %s -> %j', (status, stage, label) => {
    expect(stageLabel({ status, stage })).toBe(label)
  })

  it('says Canceling… while a cancel is on its way, only for a job under way', () => {
    expect(stageLabel({ status: 'running', stage: 'writing' }, true)).toBe('Canceling…')
    expect(stageLabel({ status: 'queued', stage: null }, true)).toBe('Canceling…')
    expect(stageLabel({ status: 'canceled', stage: null }, true)).toBe('')
  })

  it.each<[JobStatus, boolean]>([
    ['queued', true],
    ['running', true],
    ['succeeded', false],
    ['failed', false],
    ['canceled', false],
  ])('%s is active: %s', (status, active) => {
    expect(isActive({ status })).toBe(active)
  })

  it('no job is not active', () => {
    expect(isActive(null)).toBe(false)
    expect(isActive(undefined)).toBe(false)
  })
})

describe('elapsed time', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [59.9, '00:59'],
    [60, '01:00'],
    [125, '02:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3723, '1:02:03'],
    [-4, '00:00'],
    [Number.NaN, '00:00'],
    [Number.POSITIVE_INFINITY, '00:00'],
  ])('%d s -> %s', (seconds, out) => {
    expect(formatElapsed(seconds)).toBe(out)
  })

  const at = (iso: string) => Date.parse(iso)
  const job = (createdAt: string, finishedAt: string | null = null): Pick<Job, 'createdAt' | 'finishedAt'> => ({ createdAt, finishedAt })

  it('counts from the creation to now while the job runs', () => {
    expect(elapsedSeconds(job('2025-01-05T12:00:00Z'), at('2025-01-05T12:01:30.900Z'))).toBe(90)
  })

  it('counts to the end once the job is over, whatever the time now', () => {
    expect(elapsedSeconds(job('2025-01-05T12:00:00Z', '2025-01-05T12:00:42Z'), at('2025-01-06T00:00:00Z'))).toBe(42)
  })

  it('is never negative (a server clock ahead of the browser) nor NaN', () => {
    expect(elapsedSeconds(job('2025-01-05T12:00:10Z'), at('2025-01-05T12:00:00Z'))).toBe(0)
    expect(elapsedSeconds(job('not a date'), at('2025-01-05T12:00:00Z'))).toBe(0)
  })
})

describe('status badge', () => {
  it.each<[JobStatus, string, string]>([
    ['queued', 'Queued', 'waiting'],
    ['running', 'Running', 'working'],
    ['succeeded', 'Done', 'done'],
    ['failed', 'Failed', 'failed'],
    ['canceled', 'Canceled', 'canceled'],
  ])('%s -> %s (%s)', (status, label, tone) => {
    expect(jobBadge({ status })).toEqual({ label, tone })
  })

  it('shows an unknown status as it comes', () => {
    expect(jobBadge({ status: 'paused' as JobStatus })).toEqual({ label: 'paused', tone: 'waiting' })
  })
})
