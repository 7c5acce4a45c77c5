import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import type { AdminWorkspace } from '@/api/types'
import { admin, apiError, json, mockFetch, owner, renderWithProviders, visitor } from '@/test/utils'

const base = { id: 0, customDomain: '', status: 'active', createdAt: '2025-01-05T12:00:00Z', sendingPaused: false }
const workspaces: AdminWorkspace[] = [
  { ...base, id: 1, name: 'Olivia Cooks', slug: 'olivia-cooks', planTier: 'starter', ownerEmail: 'olivia@example.com', ownerAdmin: false, usage: { postsGenerated: 30, postsLimit: 30, imagesGenerated: 3, imagesLimit: 30 } },
  { ...base, id: 2, name: 'New Blog', slug: 'new-blog', planTier: 'professional', ownerEmail: 'new@example.com', ownerAdmin: false, status: 'suspended', usage: null, sendingPaused: true },
  // The signed-in admin's own workspace: made on the starter plan at sign-up, unlimited as an admin's.
  { ...base, id: 3, name: 'Admin', slug: 'admin', planTier: 'starter', ownerEmail: 'admin@example.com', ownerAdmin: true, usage: { postsGenerated: 12, postsLimit: 999999, imagesGenerated: 0, imagesLimit: 999999 } },
  // Another admin's: only the unlimited limits in force tell.
  { ...base, id: 4, name: 'Second Admin', slug: 'second-admin', planTier: 'starter', ownerEmail: 'boss@example.com', ownerAdmin: true, usage: { postsGenerated: 1, postsLimit: 999999, imagesGenerated: 0, imagesLimit: 999999 } },
  // An owner an admin put on the admin plan: still an owner, the selector stays.
  { ...base, id: 5, name: 'Comped Blog', slug: 'comped', planTier: 'admin', ownerEmail: 'vip@example.com', ownerAdmin: false, usage: { postsGenerated: 2, postsLimit: 999999, imagesGenerated: 0, imagesLimit: 999999 } },
  // The platform's own blog, which admins run.
  { ...base, id: 6, name: 'InkPress', slug: 'site', planTier: 'admin', ownerEmail: '', ownerAdmin: false, usage: null },
]

function setup(routes: Record<string, unknown> = {}) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/auth/me': json(admin),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/plans': json({ plans: [], trialDays: 14, trialPosts: 10, trialImages: 10 }),
    'GET /api/admin/workspaces': json({ workspaces }),
    'GET /api/site': json({ name: 'InkPress', tagline: '', siteWorkspace: 'site', baseUrl: 'http://localhost', blog: '' }),
    ...routes,
  })
  const user = userEvent.setup()
  renderWithProviders(<AppRoutes />, { route: '/admin/users' })
  return { fetch, user }
}

const table = () => screen.getByRole('table', { name: 'Workspaces' })

afterEach(() => {
  toast.dismiss()
})

// The owner and admin pages are lazy: load them before the tests, not inside their time limits.
beforeAll(preloadLazyPages)

describe('/admin/users', () => {
  it("marks the blogs whose newsletters are paused: 'Sending paused'", async () => {
    setup()
    const row = (name: string) => within(table()).getByText(name).closest('tr') as HTMLElement
    await waitFor(() => expect(row('New Blog')).toHaveTextContent('Sending paused'))
    expect(row('Olivia Cooks')).not.toHaveTextContent('Sending paused')
    expect(within(table()).getAllByText('Sending paused')).toHaveLength(1)
  })

  it('sends visitors to /admin/login', async () => {
    mockFetch({ 'GET /api/auth/me': json(visitor), 'GET /api/categories': json({ categories: [] }) })
    renderWithProviders(<AppRoutes />, { route: '/admin/users' })
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login?next=%2Fadmin%2Fusers'))
  })

  it("denies owners: 'Access Denied' and /dashboard", async () => {
    const fetch = mockFetch({
      'GET /api/auth/me': json(owner),
      'GET /api/categories': json({ categories: [] }),
      'GET /api/workspace': apiError(500, 'x', 'not under test'),
      'GET /api/workspace/categories': json({ categories: [] }),
    })
    renderWithProviders(<AppRoutes />, { route: '/admin/users' })
    expect(await screen.findByText('Access Denied')).toBeInTheDocument()
    expect(screen.getByText('You must be an admin to access this page')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/))
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('/api/admin/'))).toBe(false)
  })

  it('lists workspaces with a count, plan, usage, status and created date', async () => {
    setup()
    expect(await screen.findByRole('heading', { name: 'All Workspaces (6)' })).toBeInTheDocument()
    const headers = within(table()).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Workspace', 'Slug', 'Plan', 'Usage (Posts)', 'Usage (Images)', 'Status', 'Created', 'Actions'])
    const row = within(table()).getByRole('row', { name: /Olivia Cooks/ })
    expect(within(row).getByText('olivia-cooks')).toBeInTheDocument()
    expect(within(row).getByText('Jan 5, 2025')).toBeInTheDocument()
    expect(within(row).getByText('active')).toHaveClass('bg-brand-600')
    expect(within(table()).getByRole('row', { name: /New Blog/ }).querySelector('.capitalize.bg-slate-100')).toHaveTextContent('suspended')
  })

  it("shows usage as 'No data', red at the limit and infinity for unlimited", async () => {
    setup()
    await screen.findByRole('table', { name: 'Workspaces' })
    const full = within(table()).getByRole('row', { name: /Olivia Cooks/ })
    const posts = within(full).getByText(/^30 \/ 30/)
    expect(posts).toHaveClass('text-red-600')
    expect(within(full).getByText(/^3 \/ 30/)).not.toHaveClass('text-red-600')
    expect(within(within(table()).getByRole('row', { name: /New Blog/ })).getAllByText('No data')).toHaveLength(2)
    expect(within(within(table()).getByRole('row', { name: /^Admin/ })).getByText('12 / ∞')).toBeInTheDocument()
  })

  it("shows 'Admin' and no plan selector for the workspaces admins run, never their stored Starter plan", async () => {
    setup()
    await screen.findByRole('table', { name: 'Workspaces' })
    const rowOf = (name: RegExp) => within(table()).getByRole('row', { name })
    for (const [name, note] of [
      [/^Admin admin@example\.com/, 'Admin account: unlimited'],
      [/^Second Admin/, 'Admin account: unlimited'],
    ] as const) {
      const row = rowOf(name)
      expect(within(row).getAllByRole('cell')[2]).toHaveTextContent(/^Admin$/)
      expect(within(row).queryByText('Starter')).not.toBeInTheDocument()
      expect(within(row).getByText(note)).toBeInTheDocument()
      expect(within(row).queryByRole('combobox')).not.toBeInTheDocument()
    }
    await waitFor(() => expect(within(rowOf(/^InkPress/)).getByText('Site blog: unlimited')).toBeInTheDocument())
    // An owner on the admin plan keeps the selector.
    expect(within(rowOf(/^Comped Blog/)).getByRole('combobox', { name: 'Plan for Comped Blog' })).toBeInTheDocument()
    expect(within(rowOf(/^Olivia Cooks/)).getAllByRole('cell')[2]).toHaveTextContent(/^Starter$/)
  })

  it('changes a plan with the selector', async () => {
    const { fetch, user } = setup({
      'PUT /api/admin/workspaces/2/plan': ({ body }: { body: { planTier: string } }) => json({ workspace: { ...workspaces[1], planTier: body.planTier } }),
    })
    await screen.findByRole('table', { name: 'Workspaces' })
    await user.click(within(table()).getByRole('combobox', { name: 'Plan for New Blog' }))
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Starter', 'Professional', 'Agency', 'Admin'])
    await user.click(screen.getByRole('option', { name: 'Agency' }))
    expect(await screen.findByText('Plan updated')).toBeInTheDocument()
    const call = fetch.mock.calls.find((c) => c[1]?.method === 'PUT')
    expect(String(call?.[0])).toBe('/api/admin/workspaces/2/plan')
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ planTier: 'agency' })
  })

  it("toasts 'Error updating plan'", async () => {
    const { user } = setup({ 'PUT /api/admin/workspaces/1/plan': apiError(500, 'internal', 'Database is down') })
    await screen.findByRole('table', { name: 'Workspaces' })
    await user.click(within(table()).getByRole('combobox', { name: 'Plan for Olivia Cooks' }))
    await user.click(screen.getByRole('option', { name: 'Professional' }))
    expect(await screen.findByText('Error updating plan')).toBeInTheDocument()
    expect(screen.getByText('Database is down')).toBeInTheDocument()
  })

  it("shows 'No workspaces found' and the beta testing instructions with the signup link", async () => {
    setup({ 'GET /api/admin/workspaces': json({ workspaces: [] }) })
    expect(await screen.findByText('No workspaces found')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Beta Testing Instructions' })).toBeInTheDocument()
    expect(screen.getByText(`${window.location.origin}/signup`)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy Signup link' })).toBeInTheDocument()
  })

  it("toasts 'Error loading workspaces'", async () => {
    setup({ 'GET /api/admin/workspaces': apiError(500, 'internal', 'Boom') })
    expect(await screen.findByText('Error loading workspaces')).toBeInTheDocument()
  })
})
