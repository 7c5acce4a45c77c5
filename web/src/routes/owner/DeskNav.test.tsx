import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import type { Me } from '@/api/types'
import { admin, json, mockFetch, owner, renderWithProviders, visitor } from '@/test/utils'
import { keto, workspaceResponse } from '@/routes/admin/fixtures'

function setup(route: string, me: Me = owner) {
  document.cookie = 'inkpress_csrf=t; path=/'
  mockFetch({
    'GET /api/auth/me': json(me),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace': json(workspaceResponse),
    'GET /api/workspace/categories': json({ categories: [keto] }),
    'GET /api/workspace/scheduled': json({ items: [] }),
    'GET /api/workspace/media': json({ items: [], limit: 40 }),
    'GET /api/workspace/posts': json({ posts: [], total: 0 }),
    'GET /api/workspace/subscribers': json({ subscribers: [], counts: { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0, total: 0 }, page: 1, hasMore: false, limit: 1000 }),
  })
  renderWithProviders(<AppRoutes />, { route })
}

const location = () => screen.getByTestId('location')

afterEach(() => {
  toast.dismiss()
})

beforeAll(preloadLazyPages)

describe("the owner's desk", () => {
  it.each([
    ['/dashboard/schedule', 'Post Scheduler', 'Schedule'],
    ['/dashboard/categories', 'Category Management', 'Categories'],
    ['/dashboard/media', 'Media Library', 'Media library'],
    ['/dashboard/subscribers', 'Subscribers', 'Subscribers'],
    ['/dashboard/posts', 'My Posts', 'Posts'],
    ['/dashboard/all-posts', 'All posts', 'Posts'],
  ])('%s shows %s with the %s tab current', async (route, heading, tab) => {
    setup(route)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Dashboard sections' })
    const current = within(nav).getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page')
    expect(current.map((a) => a.textContent)).toEqual([tab])
    expect(location()).toHaveTextContent(route)
  })

  it('the shared screens work on the owner’s workspace, with the owner’s tabs only', async () => {
    setup('/dashboard/schedule')
    expect(await screen.findByText('No scheduled posts yet')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).not.toBeInTheDocument()
  })

  it.each([
    ['/admin/dashboard', '/dashboard'],
    ['/admin/schedule', '/dashboard/schedule'],
    ['/admin/categories', '/dashboard/categories'],
    ['/admin/media-library', '/dashboard/media'],
    ['/admin/subscribers', '/dashboard/subscribers'],
  ])('an owner at %s is sent to %s', async (from, to) => {
    setup(from)
    await waitFor(() => expect(location().textContent).toBe(to))
  })

  it('sends visitors to /admin/login', async () => {
    mockFetch({ 'GET /api/auth/me': json(visitor), 'GET /api/categories': json({ categories: [] }) })
    renderWithProviders(<AppRoutes />, { route: '/dashboard/media' })
    await waitFor(() => expect(location()).toHaveTextContent('/admin/login?next=%2Fdashboard%2Fmedia'))
  })
})

describe("the admin's desk", () => {
  it.each([
    ['/dashboard/schedule', '/admin/schedule'],
    ['/dashboard/categories', '/admin/categories'],
    ['/dashboard/media', '/admin/media-library'],
    ['/dashboard/subscribers', '/admin/subscribers'],
  ])('an admin at %s is sent to %s', async (from, to) => {
    setup(from, admin)
    await waitFor(() => expect(location().textContent).toBe(to))
  })

  it.each([
    ['/admin/schedule', 'Post Scheduler', 'Schedule'],
    ['/admin/categories', 'Category Management', 'Categories'],
    ['/admin/media-library', 'Media Library', 'Media library'],
    ['/admin/subscribers', 'Subscribers', 'Subscribers'],
    ['/dashboard/posts', 'My Posts', 'Posts'],
    ['/dashboard/settings', 'Settings', 'Settings'],
  ])('%s shows %s with the admin tabs, %s current', async (route, heading, tab) => {
    setup(route, admin)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Admin sections' })
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users')
    expect(within(nav).getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page')
    expect(screen.queryByRole('navigation', { name: 'Dashboard sections' })).not.toBeInTheDocument()
  })
})
