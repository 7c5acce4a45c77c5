import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Job } from '@/api/types'
import { json, mockFetch, renderWithProviders } from '@/test/utils'
import { JobsList } from './JobsList'

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString()

function makeJob(over: Partial<Job> = {}): Job {
  return {
    id: 1,
    kind: 'generate',
    status: 'queued',
    stage: null,
    topic: 'Keto breakfasts',
    postId: null,
    error: '',
    createdAt: ago(5),
    startedAt: null,
    finishedAt: null,
    ...over,
  }
}

const running = makeJob({ id: 4, topic: 'Standing desks', status: 'running', stage: 'illustrating', createdAt: ago(75), startedAt: ago(70) })
const queued = makeJob({ id: 3, topic: 'Morning runs' })
const done = makeJob({
  id: 2,
  topic: 'Keto breakfasts',
  status: 'succeeded',
  stage: 'saving',
  postId: 42,
  createdAt: '2025-01-05T12:00:00Z',
  startedAt: '2025-01-05T12:00:01Z',
  finishedAt: '2025-01-05T12:00:42Z',
})
const failed = makeJob({
  id: 1,
  topic: 'Budget travel',
  status: 'failed',
  stage: 'writing',
  error: 'Failed to generate blog content: timeout',
  createdAt: '2025-01-05T11:00:00Z',
  finishedAt: '2025-01-05T11:02:05Z',
})

const row = (topic: string) => screen.getByText(topic, { selector: 'p' }).closest('li') as HTMLElement

describe('JobsList', () => {
  it('lists the recent jobs: stage and elapsed time, Open post, the error, Cancel', async () => {
    mockFetch({ 'GET /api/workspace/jobs': json({ jobs: [running, queued, done, failed] }) })
    renderWithProviders(<JobsList />)

    const list = await screen.findByRole('list', { name: 'Recent generations' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(4)

    const r = row('Standing desks')
    expect(within(r).getByText('Running')).toBeInTheDocument()
    expect(within(r).getByText('Drawing the cover…')).toBeInTheDocument()
    expect(within(r).getByLabelText(/^Elapsed 01:1\d$/)).toBeInTheDocument()
    expect(within(r).getByRole('button', { name: 'Cancel “Standing desks”' })).toBeEnabled()
    expect(within(r).queryByRole('link')).not.toBeInTheDocument()

    const q = row('Morning runs')
    expect(within(q).getByText('Queued')).toBeInTheDocument()
    expect(within(q).getByText('Waiting for a free writer…')).toBeInTheDocument()

    const d = row('Keto breakfasts')
    expect(within(d).getByText('Done')).toBeInTheDocument()
    expect(within(d).getByText('00:42')).toBeInTheDocument()
    expect(within(d).getByRole('link', { name: 'Open post “Keto breakfasts”' })).toHaveAttribute('href', '/dashboard/posts/42')
    expect(within(d).queryByRole('button')).not.toBeInTheDocument()

    const f = row('Budget travel')
    expect(within(f).getByText('Failed')).toBeInTheDocument()
    expect(within(f).getByText('Failed to generate blog content: timeout')).toBeInTheDocument()
    expect(within(f).getByText('02:05')).toBeInTheDocument()
    expect(within(f).queryByRole('link')).not.toBeInTheDocument()
    expect(within(f).queryByRole('button')).not.toBeInTheDocument()
  })

  it('cancels a job: POST .../cancel, then the job as the server tells it', async () => {
    let current = queued
    const fetch = mockFetch({
      'GET /api/workspace/jobs': () => json({ jobs: [current, done] }),
      'POST /api/workspace/jobs/3/cancel': () => {
        current = { ...queued, status: 'canceled', error: "Canceled: no post was written and the month's usage was given back.", finishedAt: new Date().toISOString() }
        return json({ job: current })
      },
    })
    document.cookie = 'inkpress_csrf=t; path=/'
    const user = userEvent.setup()
    renderWithProviders(<JobsList />)

    await user.click(await screen.findByRole('button', { name: 'Cancel “Morning runs”' }))
    const q = row('Morning runs')
    expect(await within(q).findByText('Canceled')).toBeInTheDocument()
    expect(within(q).getByText("Canceled: no post was written and the month's usage was given back.")).toBeInTheDocument()
    expect(within(q).queryByRole('button')).not.toBeInTheDocument()
    const calls = fetch.mock.calls.filter((c) => String(c[0]).endsWith('/api/workspace/jobs/3/cancel'))
    expect(calls).toHaveLength(1)
    expect(calls[0][1]?.method).toBe('POST')
  })

  it('follows the jobs under way until they are over', async () => {
    let current = running
    mockFetch({ 'GET /api/workspace/jobs': () => json({ jobs: [current] }) })
    renderWithProviders(<JobsList />)
    expect(await screen.findByText('Drawing the cover…')).toBeInTheDocument()
    current = { ...running, status: 'succeeded', stage: 'saving', postId: 7, finishedAt: new Date().toISOString() }
    expect(await screen.findByRole('link', { name: 'Open post “Standing desks”' })).toHaveAttribute('href', '/dashboard/posts/7')
    expect(screen.getByText('Done')).toBeInTheDocument()
  })

  it('shows nothing without jobs', async () => {
    const fetch = mockFetch({ 'GET /api/workspace/jobs': json({ jobs: [] }) })
    const { container } = renderWithProviders(<JobsList />)
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByText('Recent generations')).not.toBeInTheDocument()
    expect(container.querySelector('li')).toBeNull()
  })
})
