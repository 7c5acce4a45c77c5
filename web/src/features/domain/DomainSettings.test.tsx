import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import type { Domain } from '@/api/types'
import { apiError, json, mockFetch, renderWithProviders } from '@/test/utils'
import { DomainSettings, UPGRADE_NOTE } from './DomainSettings'

const pro = { name: 'Professional', customDomain: true }
const starter = { name: 'Starter', customDomain: false }

const pending: Domain = {
  name: 'blog.example.com',
  status: 'pending',
  records: [
    { type: 'CNAME', name: 'blog.example.com', value: 'inkpress.io' },
    { type: 'TXT', name: '_inkpress.blog.example.com', value: 'inkpress-verify=0123abcd' },
  ],
}

function setup(plan: typeof pro, routes: Parameters<typeof mockFetch>[0]) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch(routes)
  const user = userEvent.setup()
  renderWithProviders(<DomainSettings plan={plan} />)
  return { fetch, user }
}

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter((c) => String(c[0]) === path && (c[1]?.method ?? 'GET') === method)

afterEach(() => {
  toast.dismiss()
})

describe('DomainSettings', () => {
  it('shows the upgrade note instead of the form on plans without custom domains', async () => {
    setup(starter, { 'GET /api/workspace/domain': json({ domain: null }) })
    expect(await screen.findByText(UPGRADE_NOTE)).toBeInTheDocument()
    expect(screen.queryByLabelText('Domain')).not.toBeInTheDocument()
  })

  it('shows a domain an admin granted whatever the plan', async () => {
    setup(starter, { 'GET /api/workspace/domain': json({ domain: pending }) })
    expect(await screen.findByText('blog.example.com', { selector: 'p' })).toBeInTheDocument()
    expect(screen.queryByText(UPGRADE_NOTE)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Check now/ })).toBeInTheDocument()
  })

  it('saves a domain, then lists the records to create with copy buttons', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    const { fetch, user } = setup(pro, {
      'GET /api/workspace/domain': json({ domain: null }),
      'PUT /api/workspace/domain': json({ domain: pending }),
    })
    await user.type(await screen.findByLabelText('Domain'), '  Blog.Example.com ')
    await user.click(screen.getByRole('button', { name: 'Save domain' }))
    expect(await screen.findByText('Custom domain saved')).toBeInTheDocument()
    expect(JSON.parse(String(calls(fetch, 'PUT', '/api/workspace/domain')[0][1]?.body))).toEqual({ domain: 'Blog.Example.com' })
    expect(screen.getByLabelText('Status: Pending')).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'DNS records to create' })
    const txt = within(table).getByText('inkpress-verify=0123abcd')
    expect(within(table).getByText('_inkpress.blog.example.com')).toBeInTheDocument()
    expect(within(table).getByText('inkpress.io')).toBeInTheDocument()
    expect(txt).toBeInTheDocument()
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(screen.getByRole('button', { name: 'Copy TXT value' }))
    expect(writeText).toHaveBeenCalledWith('inkpress-verify=0123abcd')
  })

  it("shows the server's refusal under the field and keeps the form", async () => {
    const { user } = setup(pro, {
      'GET /api/workspace/domain': json({ domain: null }),
      'PUT /api/workspace/domain': apiError(409, 'domain_taken', 'Another blog already uses that domain.'),
    })
    await user.type(await screen.findByLabelText('Domain'), 'taken.example.com')
    await user.click(screen.getByRole('button', { name: 'Save domain' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Another blog already uses that domain.')
    expect(screen.getByLabelText('Domain')).toHaveAttribute('aria-invalid', 'true')
  })

  it('refuses an empty name without asking the server', async () => {
    const { fetch, user } = setup(pro, { 'GET /api/workspace/domain': json({ domain: null }) })
    await user.click(await screen.findByRole('button', { name: 'Save domain' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a domain name')
    expect(calls(fetch, 'PUT', '/api/workspace/domain')).toHaveLength(0)
  })

  it('Check now: a failed check shows why', async () => {
    const failed: Domain = { ...pending, status: 'failed', error: 'No TXT record found at _inkpress.blog.example.com.', checkedAt: '2026-11-25T01:00:00Z' }
    const { user } = setup(pro, {
      'GET /api/workspace/domain': json({ domain: pending }),
      'POST /api/workspace/domain/verify': json({ domain: failed }),
    })
    await user.click(await screen.findByRole('button', { name: /Check now/ }))
    expect(await screen.findByLabelText('Status: Failed')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('No TXT record found at _inkpress.blog.example.com.')
    expect(screen.getByText('Domain not verified yet')).toBeInTheDocument()
    expect(screen.getByText(/Last checked/)).toBeInTheDocument()
  })

  it('Check now: a verified domain says where the blog is live', async () => {
    const verified: Domain = { ...pending, status: 'verified', verifiedAt: '2026-11-25T01:00:00Z', checkedAt: '2026-11-25T01:00:00Z' }
    const { user } = setup(pro, {
      'GET /api/workspace/domain': json({ domain: pending }),
      'POST /api/workspace/domain/verify': json({ domain: verified }),
    })
    await user.click(await screen.findByRole('button', { name: /Check now/ }))
    expect(await screen.findByLabelText('Status: Verified')).toBeInTheDocument()
    expect(screen.getByText('Domain verified')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'https://blog.example.com' })).toHaveAttribute('href', 'https://blog.example.com')
  })

  it('Check now too often: the rate limit is a toast', async () => {
    const { user } = setup(pro, {
      'GET /api/workspace/domain': json({ domain: pending }),
      'POST /api/workspace/domain/verify': apiError(429, 'rate_limited', 'Too many domain checks. Try again in 5 minutes.'),
    })
    await user.click(await screen.findByRole('button', { name: /Check now/ }))
    expect(await screen.findByText('Too many domain checks. Try again in 5 minutes.')).toBeInTheDocument()
    expect(screen.getByLabelText('Status: Pending')).toBeInTheDocument()
  })

  it('removes the domain only after confirming', async () => {
    const { fetch, user } = setup(pro, {
      'GET /api/workspace/domain': json({ domain: pending }),
      'DELETE /api/workspace/domain': new Response(null, { status: 204 }),
    })
    await user.click(await screen.findByRole('button', { name: 'Remove domain' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove custom domain?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls(fetch, 'DELETE', '/api/workspace/domain')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Remove domain' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove domain' }))
    expect(await screen.findByText('Custom domain removed')).toBeInTheDocument()
    expect(calls(fetch, 'DELETE', '/api/workspace/domain')).toHaveLength(1)
    await waitFor(() => expect(screen.getByLabelText('Domain')).toBeInTheDocument())
  })
})
