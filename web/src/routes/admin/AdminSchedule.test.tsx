import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import type { PlannedPost } from '@/api/types'
import { admin, apiError, json, mockFetch, renderWithProviders, visitor } from '@/test/utils'
import { keto, tech, workspaceResponse } from './fixtures'

const item = (over: Partial<PlannedPost>): PlannedPost => ({
  id: 1,
  category: 'keto',
  topic: 'Keto snacks',
  inputMode: 'topic',
  scheduledFor: '2030-01-05T09:00:00Z',
  frequency: 'once',
  status: 'pending',
  generateImage: true,
  banners: [],
  error: '',
  postId: null,
  ...over,
})

const items: PlannedPost[] = [
  item({ id: 1 }),
  item({ id: 2, topic: null, status: 'failed', error: 'Provider down', frequency: 'daily', generateImage: false }),
  item({ id: 3, topic: 'Best Laptops of 2030', inputMode: 'title', category: 'tech', status: 'completed', postId: 9, banners: [{ imageUrl: '/b.png', linkUrl: 'https://x.test' }] }),
]

function setup(routes: Record<string, unknown> = {}) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/auth/me': json(admin),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace': json(workspaceResponse),
    'GET /api/workspace/categories': json({ categories: [keto, tech] }),
    'GET /api/workspace/scheduled': json({ items }),
    ...routes,
  })
  const user = userEvent.setup()
  renderWithProviders(<AppRoutes />, { route: '/admin/schedule' })
  return { fetch, user }
}

const table = () => screen.getByRole('table', { name: 'Scheduled posts' })
const bodyOf = (fetch: ReturnType<typeof mockFetch>, path: string) => {
  const call = fetch.mock.calls.find((c) => String(c[0]) === path && c[1]?.method === 'POST')
  return call ? JSON.parse(String(call[1]?.body)) : undefined
}

afterEach(() => {
  toast.dismiss()
})

// The owner and admin pages are lazy: load them before the tests, not inside their time limits.
beforeAll(preloadLazyPages)

describe('/admin/schedule', () => {
  it('sends visitors to /admin/login', async () => {
    mockFetch({ 'GET /api/auth/me': json(visitor), 'GET /api/categories': json({ categories: [] }) })
    renderWithProviders(<AppRoutes />, { route: '/admin/schedule' })
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login?next=%2Fadmin%2Fschedule'))
  })

  it("shows 'Post Scheduler' with Dashboard and Logout", async () => {
    setup()
    const heading = await screen.findByRole('heading', { level: 1, name: 'Post Scheduler' })
    const header = heading.closest('header') as HTMLElement
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard')
    expect(within(header).getByRole('button', { name: 'Logout' })).toBeInTheDocument()
  })

  it("lists scheduled posts: 'Random' topics, features, status, retry only for failed items", async () => {
    setup()
    await screen.findByRole('table', { name: 'Scheduled posts' })
    const headers = within(table()).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Category', 'Topic', 'Features', 'Scheduled For', 'Frequency', 'Status', 'Actions'])
    const rows = within(table()).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    expect(within(rows[0]).getByText('Keto snacks')).toBeInTheDocument()
    expect(within(rows[0]).getByText('Topic')).toBeInTheDocument()
    expect(within(rows[0]).getByText('Image')).toBeInTheDocument()
    expect(within(rows[0]).getByText('Pending')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Random')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Daily')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Failed')).toBeInTheDocument()
    expect(within(rows[2]).getByText('Title')).toBeInTheDocument()
    expect(within(rows[2]).getByText('Banners')).toBeInTheDocument()
    expect(within(rows[2]).getByText('Completed')).toBeInTheDocument()

    expect(within(rows[0]).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument()
    expect(within(rows[1]).getByRole('button', { name: /^Retry Random/ })).toBeInTheDocument()
    expect(within(rows[2]).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument()
    for (const r of rows) expect(within(r).getByRole('button', { name: /^Delete/ })).toBeInTheDocument()
  })

  it("retries a failed item: 'Post reset to pending'", async () => {
    const { fetch, user } = setup({ 'POST /api/workspace/scheduled/2/retry': json({ item: { ...items[1], status: 'pending' } }) })
    await screen.findByRole('table', { name: 'Scheduled posts' })
    await user.click(within(table()).getByRole('button', { name: /^Retry Random/ }))
    expect(await screen.findByText('Post reset to pending')).toBeInTheDocument()
    expect(screen.getByText('It will be processed at the next run.')).toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => String(c[0]) === '/api/workspace/scheduled/2/retry')).toBe(true)
  })

  it("toasts 'Error retrying post'", async () => {
    const { user } = setup({ 'POST /api/workspace/scheduled/2/retry': apiError(409, 'conflict', 'Only failed posts can be retried') })
    await screen.findByRole('table', { name: 'Scheduled posts' })
    await user.click(within(table()).getByRole('button', { name: /^Retry Random/ }))
    expect(await screen.findByText('Error retrying post')).toBeInTheDocument()
  })

  it("deletes after a confirmation: 'Scheduled post deleted'", async () => {
    const { fetch, user } = setup({ 'DELETE /api/workspace/scheduled/1': json(null, 204) })
    await screen.findByRole('table', { name: 'Scheduled posts' })
    await user.click(within(table()).getByRole('button', { name: /^Delete Keto snacks/ }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this scheduled post?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Scheduled post deleted')).toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => c[1]?.method === 'DELETE' && String(c[0]) === '/api/workspace/scheduled/1')).toBe(true)
  })

  it("shows 'No scheduled posts yet'", async () => {
    setup({ 'GET /api/workspace/scheduled': json({ items: [] }) })
    expect(await screen.findByText('No scheduled posts yet')).toBeInTheDocument()
  })

  it("toasts 'Error loading scheduled posts'", async () => {
    setup({ 'GET /api/workspace/scheduled': apiError(500, 'internal', 'Boom') })
    expect(await screen.findByText('Error loading scheduled posts')).toBeInTheDocument()
  })

  it("'Generate random topic' disables the topic field and sends topic null: 'Post scheduled'", async () => {
    const { fetch, user } = setup({ 'POST /api/workspace/scheduled': ({ body }: { body: object }) => json({ item: { ...items[0], ...body, id: 9 } }, 201) })
    await screen.findByRole('table', { name: 'Scheduled posts' })
    const topic = screen.getByRole('textbox', { name: 'Topic' })
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }))
    expect(await screen.findByText('Missing fields')).toBeInTheDocument()
    expect(screen.getByText('Please enter a topic')).toBeInTheDocument()
    expect(screen.getByText('Please select a date and time')).toBeInTheDocument()

    await user.click(screen.getByRole('checkbox', { name: 'Generate random topic' }))
    expect(topic).toBeDisabled()
    await user.click(screen.getByRole('combobox', { name: 'Frequency' }))
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Once', 'Daily', 'Weekly'])
    await user.click(screen.getByRole('option', { name: 'Weekly' }))
    await user.type(screen.getByLabelText('Schedule For'), '2030-01-05T09:30')
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }))
    expect(await screen.findByText('Post scheduled')).toBeInTheDocument()
    const body = bodyOf(fetch, '/api/workspace/scheduled')
    expect(body).toMatchObject({ category: 'keto', topic: null, inputMode: 'topic', frequency: 'weekly', generateImage: true, banners: [] })
    expect(new Date(body.scheduledFor).getTime()).toBe(new Date(2030, 0, 5, 9, 30).getTime())
  })

  it("toasts 'Error scheduling post'", async () => {
    const { user } = setup({ 'POST /api/workspace/scheduled': apiError(400, 'validation', 'Please enter a topic') })
    await screen.findByRole('table', { name: 'Scheduled posts' })
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Keto snacks')
    await user.type(screen.getByLabelText('Schedule For'), '2030-01-05T09:30')
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }))
    expect(await screen.findByText('Error scheduling post')).toBeInTheDocument()
  })
})

describe('Bulk Schedule dialog', () => {
  async function open(routes: Record<string, unknown> = {}) {
    const s = setup(routes)
    await screen.findByRole('table', { name: 'Scheduled posts' })
    await s.user.click(screen.getByRole('button', { name: 'Bulk Schedule' }))
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Schedule' })
    return { ...s, dialog }
  }

  it("needs a base topic: 'Topic required'", async () => {
    const { user, dialog, fetch } = await open()
    await user.type(within(dialog).getByLabelText('Base topic'), '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Schedule posts' }))
    expect(await screen.findByText('Topic required')).toBeInTheDocument()
    expect(screen.getByText('Please enter a base topic or title')).toBeInTheDocument()
    expect(bodyOf(fetch, '/api/workspace/scheduled/bulk')).toBeUndefined()
  })

  it("needs a start date: 'Please select a start date'", async () => {
    const { user, dialog } = await open()
    await user.type(within(dialog).getByLabelText('Base topic'), 'Keto snacks')
    await user.click(within(dialog).getByRole('button', { name: 'Schedule posts' }))
    expect(await screen.findByText('Please select a start date')).toBeInTheDocument()
  })

  it("takes 1 to 30 posts, default 30: 'Invalid number' for 0 and 31", async () => {
    const { user, dialog, fetch } = await open()
    const count = within(dialog).getByLabelText('Number of posts')
    expect(count).toHaveValue(30)
    await user.type(within(dialog).getByLabelText('Base topic'), 'Keto snacks')
    await user.type(within(dialog).getByLabelText('Start date'), '2030-01-05')
    for (const n of ['0', '31']) {
      await user.clear(count)
      await user.type(count, n)
      await user.click(within(dialog).getByRole('button', { name: 'Schedule posts' }))
      expect(await screen.findByText('Invalid number')).toBeInTheDocument()
      expect(screen.getByText('Please enter between 1 and 30 posts')).toBeInTheDocument()
      toast.dismiss()
      await waitFor(() => expect(screen.queryByText('Invalid number')).not.toBeInTheDocument())
    }
    expect(bodyOf(fetch, '/api/workspace/scheduled/bulk')).toBeUndefined()
  })

  it("falls back to 1 post when the number is not numeric, then 'Posts scheduled!', resets and closes", async () => {
    const { user, dialog, fetch } = await open({
      'POST /api/workspace/scheduled/bulk': ({ body }: { body: { count: number } }) =>
        json({ items: Array.from({ length: body.count }, (_, i) => item({ id: 10 + i })) }, 201),
    })
    const count = within(dialog).getByLabelText('Number of posts')
    await user.type(within(dialog).getByLabelText('Base topic'), '  Keto snacks ')
    await user.type(within(dialog).getByLabelText('Start date'), '2030-01-05')
    await user.clear(count)
    await user.type(count, 'abc')
    await user.tab()
    expect(count).toHaveValue(1)
    await user.click(within(dialog).getByRole('button', { name: 'Schedule posts' }))
    expect(await screen.findByText('Posts scheduled!')).toBeInTheDocument()
    const body = bodyOf(fetch, '/api/workspace/scheduled/bulk')
    expect(body).toMatchObject({ category: 'keto', topic: 'Keto snacks', inputMode: 'topic', count: 1, generateImage: true })
    expect(new Date(body.startDate).getTime()).toBe(new Date(2030, 0, 5).getTime())
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bulk Schedule' })).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Bulk Schedule' }))
    const again = await screen.findByRole('dialog', { name: 'Bulk Schedule' })
    expect(within(again).getByLabelText('Base topic')).toHaveValue('')
    expect(within(again).getByLabelText('Start date')).toHaveValue('')
    expect(within(again).getByLabelText('Number of posts')).toHaveValue(30)
  })

  it("toasts 'Scheduling failed' and stays open", async () => {
    const { user, dialog } = await open({ 'POST /api/workspace/scheduled/bulk': apiError(400, 'validation', 'Please enter between 1 and 30 posts') })
    await user.type(within(dialog).getByLabelText('Base topic'), 'Keto snacks')
    await user.type(within(dialog).getByLabelText('Start date'), '2030-01-05')
    await user.click(within(dialog).getByRole('button', { name: 'Schedule posts' }))
    expect(await screen.findByText('Scheduling failed')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Bulk Schedule' })).toBeInTheDocument()
  })
})
