import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '@/App'
import { DataExport, EXPORT_PREPARING } from '@/components/account/DataExport'
import { DeleteAccount } from '@/components/account/DeleteAccount'
import { ACCOUNT_RESTORED } from '@/components/auth/LoginForm'
import { apiError, json, mockFetch, owner, renderWithProviders, visitor } from '@/test/utils'
import type { ExportResponse } from '@/api/types'

function base() {
  document.cookie = 'inkpress_csrf=t; path=/'
  return { 'GET /api/auth/me': json(owner), 'GET /api/categories': json({ categories: [] }) }
}

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).endsWith(path) && (c[1]?.method ?? 'GET') === method).length

describe('delete account', () => {
  it('deletes only once the name is typed exactly, then signs out', async () => {
    const user = userEvent.setup()
    const fetch = mockFetch({
      ...base(),
      'GET /api/account': json({ email: 'olivia@example.com', verified: true, deleteConfirm: "Olivia's Blog", hasBlog: true }),
      'DELETE /api/account': ({ body }) => {
        expect(body).toEqual({ confirm: "Olivia's Blog", password: 'secret1' })
        return json({ restorableUntil: '2026-03-11T10:00:00Z' })
      },
    })
    renderWithProviders(<DeleteAccount />, { route: '/dashboard/settings' })
    expect(await screen.findByText(/its posts, subscribers and images/)).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Delete account...' }))
    const dialog = await screen.findByRole('dialog')
    const submit = within(dialog).getByRole('button', { name: 'Delete my account' })
    expect(submit).toBeDisabled()
    await user.type(within(dialog).getByLabelText(/to confirm/), "olivia's blog")
    expect(submit).toBeDisabled()
    await user.clear(within(dialog).getByLabelText(/to confirm/))
    await user.type(within(dialog).getByLabelText(/to confirm/), "Olivia's Blog")
    expect(submit).toBeEnabled()
    await user.click(submit)
    expect(within(dialog).getByText('Your current password is required')).toBeInTheDocument()
    expect(calls(fetch, 'DELETE', '/api/account')).toBe(0)
    await user.type(within(dialog).getByLabelText('Current password'), 'secret1')
    await user.click(submit)
    expect(await screen.findByText('Account deleted')).toBeInTheDocument()
    expect(screen.getByText('Changed your mind? Sign in before March 11, 2026 to restore it.')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/)
    expect(calls(fetch, 'DELETE', '/api/account')).toBe(1)
  })

  it("shows the server's refusal (the last admin)", async () => {
    const user = userEvent.setup()
    mockFetch({
      ...base(),
      'GET /api/account': json({ email: 'root@example.com', verified: true, deleteConfirm: 'root@example.com', hasBlog: false }),
      'DELETE /api/account': apiError(409, 'last_admin', 'You are the only admin of this platform. Make another account an admin before deleting yours.'),
    })
    renderWithProviders(<DeleteAccount />, { route: '/dashboard/settings' })
    await user.click(await screen.findByRole('button', { name: 'Delete account...' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('root@example.com')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText(/to confirm/), 'root@example.com')
    await user.type(within(dialog).getByLabelText('Current password'), 'secret1')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    expect(await screen.findByText(/You are the only admin of this platform/)).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/settings')
  })

  it('says so when a sign-in restored the account', async () => {
    const user = userEvent.setup()
    mockFetch({
      'GET /api/auth/me': json(visitor),
      'GET /api/categories': json({ categories: [] }),
      'POST /api/auth/login': json({ ...owner, restored: true }),
      'GET /api/workspace': apiError(500, 'x', 'not needed'),
    })
    document.cookie = 'inkpress_csrf=t; path=/'
    renderWithProviders(<AppRoutes />, { route: '/login' })
    await user.type(await screen.findByLabelText('Email'), 'olivia@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText(ACCOUNT_RESTORED)).toBeInTheDocument()
  })
})

describe('data export', () => {
  it('asks for an archive, shows it being prepared, then its download link', async () => {
    const user = userEvent.setup()
    let state: ExportResponse = { status: 'none' }
    const fetch = mockFetch({
      ...base(),
      'GET /api/account/export': () => json(state),
      'POST /api/account/export': () => {
        state = { status: 'queued', requestedAt: '2026-03-04T10:00:00Z' }
        return json(state, 202)
      },
    })
    renderWithProviders(<DataExport />)
    await user.click(await screen.findByRole('button', { name: 'Request my data' }))
    expect(await screen.findByText(EXPORT_PREPARING, { exact: false })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Request my data' })).not.toBeInTheDocument()
    // The worker finishes: the screen asks again by itself and shows the link.
    state = {
      status: 'ready', requestedAt: '2026-03-04T10:00:00Z', finishedAt: '2026-03-04T10:01:00Z', expiresAt: '2026-03-11T10:01:00Z',
      size: 2048, fileName: 'olivia-export-2026-03-04.zip', downloadUrl: '/api/account/export/download',
    }
    const link = await screen.findByRole('link', { name: 'Download archive' }, { timeout: 10000 })
    expect(link).toHaveAttribute('href', '/api/account/export/download')
    expect(link).toHaveAttribute('download', 'olivia-export-2026-03-04.zip')
    expect(screen.getByText(/Your archive is ready/)).toHaveTextContent(
      'Your archive is ready: olivia-export-2026-03-04.zip (2.0 KB). It will be deleted on March 11, 2026.',
    )
    expect(calls(fetch, 'POST', '/api/account/export')).toBe(1)
  })

  it('shows a refusal', async () => {
    const user = userEvent.setup()
    mockFetch({
      ...base(),
      'GET /api/account/export': json({ status: 'failed', error: 'The export could not be made. Please ask for a new one.' }),
      'POST /api/account/export': apiError(429, 'rate_limited', 'Too many data exports. Try again in 5 hours.'),
    })
    renderWithProviders(<DataExport />)
    expect(await screen.findByText('The export could not be made. Please ask for a new one.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Prepare a new archive' }))
    expect(await screen.findByText('Too many data exports. Try again in 5 hours.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Prepare a new archive' })).toBeEnabled())
  })
})
