import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import type { Me, Subscriber, SubscribersPage } from '@/api/types'
import { admin, json, mockFetch, owner, renderWithProviders } from '@/test/utils'
import { workspaceResponse } from '@/routes/admin/fixtures'

const counts = { pending: 1, confirmed: 2, unsubscribed: 1, bounced: 0, total: 4 }

function sub(id: number, email: string, over: Partial<Subscriber> = {}): Subscriber {
  return { id, email, status: 'confirmed', source: 'form', createdAt: '2025-03-0' + id + 'T10:00:00Z', ...over }
}

const rows: Subscriber[] = [
  sub(1, 'alice@example.com'),
  sub(2, 'bob@example.com', { status: 'pending' }),
  sub(3, 'carol@example.com', { source: 'import' }),
  sub(4, 'dan@example.com', { status: 'unsubscribed' }),
]

function page(list: Subscriber[], over: Partial<SubscribersPage> = {}): SubscribersPage {
  return { subscribers: list, counts, page: 1, hasMore: false, limit: 1000, ...over }
}

type Call = { method: string; path: string; query: Record<string, string>; body: unknown; contentType: string | null }

function setup(routes: Record<string, unknown> = {}, me: Me = owner, route = '/dashboard/subscribers') {
  document.cookie = 'inkpress_csrf=t; path=/'
  const calls: Call[] = []
  const wrap = Object.fromEntries(
    Object.entries({ 'GET /api/workspace/subscribers': json(page(rows)), ...routes }).map(([key, answer]) => [
      key,
      ({ url, init, body }: { url: URL; init: RequestInit | undefined; body: unknown }) => {
        const headers = (init?.headers ?? {}) as Record<string, string>
        calls.push({ method: init?.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body, contentType: headers['Content-Type'] ?? null })
        if (typeof answer === 'function') return (answer as (u: URL) => Response)(url)
        return (answer as Response).clone()
      },
    ]),
  )
  mockFetch({
    'GET /api/auth/me': json(me),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace': json(workspaceResponse),
    ...wrap,
  })
  const user = userEvent.setup()
  renderWithProviders(<AppRoutes />, { route })
  return { user, calls }
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/workspace/subscribers')
const table = () => screen.getByRole('table', { name: 'Subscribers' })

afterEach(() => {
  toast.dismiss()
})

beforeAll(preloadLazyPages)

describe('the Subscribers screen', () => {
  it('shows the counts by status, the plan cap and the rows with their badges', async () => {
    const { calls } = setup()
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscribers' })).toBeInTheDocument()
    const tabs = await screen.findByRole('group', { name: 'Filter by status' })
    await waitFor(() => expect(within(tabs).getByRole('button', { name: 'All 4' })).toHaveAttribute('aria-pressed', 'true'))
    expect(within(tabs).getByRole('button', { name: 'Confirmed 2' })).toBeInTheDocument()
    expect(within(tabs).getByRole('button', { name: 'Pending 1' })).toBeInTheDocument()
    expect(within(tabs).getByRole('button', { name: 'Unsubscribed 1' })).toBeInTheDocument()
    expect(within(tabs).getByRole('button', { name: 'Bounced 0' })).toBeInTheDocument()
    // pending and confirmed count against the plan
    expect(screen.getByText('3 of 1000 subscribers')).toBeInTheDocument()

    const body = within(table()).getAllByRole('row').slice(1)
    expect(body.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(rows.map((r) => r.email))
    expect(within(body[1]).getByText('Pending')).toBeInTheDocument()
    expect(within(body[2]).getByText('Imported')).toBeInTheDocument()
    expect(within(body[3]).getByText('Unsubscribed')).toBeInTheDocument()
    // Resend only for the pending address
    expect(within(body[1]).getByRole('button', { name: 'Resend confirmation to bob@example.com' })).toBeInTheDocument()
    expect(within(body[0]).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument()
    // phones get the same rows as cards
    expect(within(screen.getByRole('list', { name: 'Subscribers' })).getAllByRole('listitem')).toHaveLength(4)
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/workspace/subscribers/export')
    expect(listCalls(calls)[0].query).toEqual({ page: '1' })
  })

  it('searches by address once typing pauses, and filters by status', async () => {
    const { user, calls } = setup({
      'GET /api/workspace/subscribers': (url: URL) =>
        json(page(url.searchParams.get('q') ? rows.slice(0, 1) : url.searchParams.get('status') === 'pending' ? rows.slice(1, 2) : rows)),
    })
    await within(await screen.findByRole('table', { name: 'Subscribers' })).findByText('dan@example.com')
    await user.type(screen.getByRole('searchbox', { name: 'Search subscribers by e-mail' }), 'ali')
    await waitFor(() => expect(within(table()).queryByText('dan@example.com')).not.toBeInTheDocument())
    expect(within(table()).getByText('alice@example.com')).toBeInTheDocument()
    // one request for the whole word, none per keystroke
    expect(listCalls(calls).map((c) => c.query)).toEqual([{ page: '1' }, { q: 'ali', page: '1' }])

    await user.clear(screen.getByRole('searchbox', { name: 'Search subscribers by e-mail' }))
    await user.click(screen.getByRole('button', { name: /^Pending/ }))
    await waitFor(() => expect(within(table()).queryByText('alice@example.com')).not.toBeInTheDocument())
    expect(within(table()).getByText('bob@example.com')).toBeInTheDocument()
    expect(listCalls(calls).at(-1)?.query).toEqual({ status: 'pending', page: '1' })
  })

  it('deletes a subscriber after the question, then reloads the list', async () => {
    let deleted = false
    const { user, calls } = setup({
      'GET /api/workspace/subscribers': () => json(page(deleted ? rows.filter((r) => r.id !== 3) : rows)),
      'DELETE /api/workspace/subscribers/3': () => {
        deleted = true
        return json(null, 204)
      },
    })
    await within(await screen.findByRole('table', { name: 'Subscribers' })).findByText('carol@example.com')
    await user.click(within(table()).getByRole('button', { name: 'Delete carol@example.com' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this subscriber?' })
    expect(dialog).toHaveTextContent('“carol@example.com” will be removed from your list')
    // Cancel sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([])

    await user.click(within(table()).getByRole('button', { name: 'Delete carol@example.com' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Subscriber deleted.')).toBeInTheDocument()
    await waitFor(() => expect(within(table()).queryByText('carol@example.com')).not.toBeInTheDocument())
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/workspace/subscribers/3'])
  })

  it('resends the confirmation of a pending address', async () => {
    const { user, calls } = setup({ 'POST /api/workspace/subscribers/2/resend': json({ ok: true }, 202) })
    await within(await screen.findByRole('table', { name: 'Subscribers' })).findByText('bob@example.com')
    await user.click(within(table()).getByRole('button', { name: 'Resend confirmation to bob@example.com' }))
    expect(await screen.findByText('Confirmation sent')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/workspace/subscribers/2/resend'])
  })

  it('imports only once the owner says where the list came from and that its people agreed', async () => {
    const { user, calls } = setup({ 'POST /api/workspace/subscribers/import': json({ added: 2, skipped: 0, confirming: false }) })
    await screen.findByRole('table', { name: 'Subscribers' })
    const button = screen.getByRole('button', { name: 'Import CSV' })
    expect(button).toBeDisabled()
    await user.upload(screen.getByLabelText('CSV file to import'), new File(['a@b.co\n'], 'list.csv', { type: 'text/csv' }))
    await user.type(screen.getByLabelText('Where did this list come from?'), 'Old site')
    expect(button).toBeDisabled()
    await user.upload(screen.getByLabelText('CSV file to import'), new File(['a@b.co\n'], 'list.csv', { type: 'text/csv' }))
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
    await user.click(screen.getByLabelText('Everyone on this list agreed to receive my newsletter'))
    expect(button).toBeEnabled()
  })

  it('says when imported addresses were sent a confirmation instead', async () => {
    const { user } = setup({ 'POST /api/workspace/subscribers/import': json({ added: 3, skipped: 0, confirming: true }) })
    await screen.findByRole('table', { name: 'Subscribers' })
    await user.type(screen.getByLabelText('Where did this list come from?'), 'Conference')
    await user.click(screen.getByLabelText('Everyone on this list agreed to receive my newsletter'))
    await user.upload(screen.getByLabelText('CSV file to import'), new File(['a@b.co\n'], 'list.csv', { type: 'text/csv' }))
    expect(await screen.findByText('3 addresses sent a confirmation e-mail; they get your posts once they confirm.')).toBeInTheDocument()
  })

  it("imports a CSV file's text and says how many were added and skipped", async () => {
    const { user, calls } = setup({ 'POST /api/workspace/subscribers/import': json({ added: 2, skipped: 1 }) })
    await screen.findByRole('table', { name: 'Subscribers' })
    const csv = 'email\nnew1@example.com\nnew2@example.com\nalice@example.com\n'
    await user.type(screen.getByLabelText('Where did this list come from?'), ' Old site ')
    await user.click(screen.getByLabelText('Everyone on this list agreed to receive my newsletter'))
    await user.upload(screen.getByLabelText('CSV file to import'), new File([csv], 'list.csv', { type: 'text/csv' }))
    expect(await screen.findByText('2 subscribers imported; 1 already on your list.')).toBeInTheDocument()
    const post = calls.find((c) => c.method === 'POST')
    expect(post).toMatchObject({ path: '/api/workspace/subscribers/import', query: { consent: 'true', source: 'Old site' }, body: csv, contentType: 'text/csv' })
    // the list is read again with the new addresses
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1))
  })

  it('lists the refused rows when an import is refused, and imports nothing', async () => {
    const refused = {
      error: { code: 'invalid_import', message: '2 rows are not valid e-mail addresses.' },
      rows: [
        { line: 3, value: 'not-an-email', reason: 'not a valid e-mail address' },
        { line: 7, value: 'x@', reason: 'not a valid e-mail address' },
      ],
    }
    const { user } = setup({ 'POST /api/workspace/subscribers/import': json(refused, 400) })
    await screen.findByRole('table', { name: 'Subscribers' })
    await user.type(screen.getByLabelText('Where did this list come from?'), 'Old site')
    await user.click(screen.getByLabelText('Everyone on this list agreed to receive my newsletter'))
    await user.upload(screen.getByLabelText('CSV file to import'), new File(['a@b.co\nnot-an-email\n'], 'list.csv', { type: 'text/csv' }))
    const alert = await screen.findByRole('alert', { name: 'Nothing was imported. Fix these rows and try again:' })
    const items = within(within(alert).getByRole('list', { name: 'Refused rows' })).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual(['Line 3: not-an-email — not a valid e-mail address', 'Line 7: x@ — not a valid e-mail address'])
    expect(screen.getByText('Import failed')).toBeInTheDocument()
    await user.click(within(alert).getByRole('button', { name: 'Dismiss import errors' }))
    expect(screen.queryByRole('alert', { name: /Nothing was imported/ })).not.toBeInTheDocument()
  })

  it('loads the next 50 with Load more', async () => {
    const { user, calls } = setup({
      'GET /api/workspace/subscribers': (url: URL) =>
        url.searchParams.get('page') === '2'
          ? json(page([sub(9, 'zoe@example.com')], { page: 2 }))
          : json(page(rows, { hasMore: true })),
    })
    await within(await screen.findByRole('table', { name: 'Subscribers' })).findByText('alice@example.com')
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await within(table()).findByText('zoe@example.com')).toBeInTheDocument()
    expect(within(table()).getByText('alice@example.com')).toBeInTheDocument()
    expect(listCalls(calls).map((c) => c.query.page)).toEqual(['1', '2'])
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('says how to get the first readers when the list is empty', async () => {
    setup({ 'GET /api/workspace/subscribers': json(page([], { counts: { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0, total: 0 } })) })
    expect(await screen.findByText('No subscribers yet. Share your blog to get your first readers.')).toBeInTheDocument()
    expect(screen.getByText('0 of 1000 subscribers')).toBeInTheDocument()
  })

  it("shows admins the site blog's list at /admin/subscribers", async () => {
    const { calls } = setup({}, admin, '/admin/subscribers')
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscribers' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Admin sections' })
    expect(within(nav).getByRole('link', { name: 'Subscribers' })).toHaveAttribute('aria-current', 'page')
    await within(await screen.findByRole('table', { name: 'Subscribers' })).findByText('alice@example.com')
    expect(listCalls(calls)).toHaveLength(1)
  })
})
