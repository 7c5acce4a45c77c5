import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import { admin, json, makePost, mockFetch, owner, renderWithProviders, visitor } from '@/test/utils'
import { keto, tech, workspaceResponse } from './fixtures'

const posts = [makePost({ id: 1 }), makePost({ id: 2, title: 'Best Laptops', slug: 'best-laptops', category: 'tech', categoryName: 'Tech' })]

function setup(me = admin, routes: Record<string, unknown> = {}) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/auth/me': json(me),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace': json(workspaceResponse),
    'GET /api/workspace/categories': json({ categories: [keto, tech] }),
    'GET /api/workspace/posts': ({ url }: { url: URL }) => {
      const q = url.searchParams.get('search')?.toLowerCase() ?? ''
      const list = posts.filter((p) => p.title.toLowerCase().includes(q))
      return json({ posts: list, total: list.length })
    },
    ...routes,
  })
  const user = userEvent.setup()
  renderWithProviders(<AppRoutes />, { route: '/admin/dashboard' })
  return { fetch, user }
}

afterEach(() => {
  toast.dismiss()
})

// The owner and admin pages are lazy: load them before the tests, not inside their time limits.
beforeAll(preloadLazyPages)

describe('/admin/dashboard', () => {
  it('sends visitors to /admin/login', async () => {
    mockFetch({ 'GET /api/auth/me': json(visitor), 'GET /api/categories': json({ categories: [] }) })
    renderWithProviders(<AppRoutes />, { route: '/admin/dashboard' })
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login?next=%2Fadmin%2Fdashboard'))
  })

  it('links to the admin screens', async () => {
    setup()
    const shortcuts = await screen.findByRole('group', { name: 'Shortcuts' })
    const links = within(shortcuts).getAllByRole('link').map((a) => [a.textContent?.trim(), a.getAttribute('href')])
    expect(links).toEqual([
      ['Manage Users', '/admin/users'],
      ['Schedule Posts', '/admin/schedule'],
      ['Manage Categories', '/admin/categories'],
      ['Media Library', '/admin/media-library'],
      ['Subscribers', '/admin/subscribers'],
      ['All posts', '/admin/all-posts'],
    ])
  })

  it('has the admin’s section tabs with Dashboard current', async () => {
    setup()
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' })
    const links = within(nav).getAllByRole('link').map((a) => [a.textContent?.replace(' (opens in a new tab)', '').trim(), a.getAttribute('href')])
    expect(links).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Posts', '/dashboard/posts'],
      ['Schedule', '/admin/schedule'],
      ['Categories', '/admin/categories'],
      ['Media library', '/admin/media-library'],
      ['Subscribers', '/admin/subscribers'],
      ['Settings', '/dashboard/settings'],
      ['Users', '/admin/users'],
      ['All blogs', '/admin/all-posts'],
      ['View site', '/'],
    ])
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  })

  it("shows unlimited usage and 'Admin - Unlimited Access', never a Starter plan", async () => {
    // The site workspace as the server answers an admin: unlimited usage; the plan object is not shown.
    setup(admin, { 'GET /api/workspace': json({ ...workspaceResponse, site: true, workspace: { ...workspaceResponse.workspace, planTier: 'starter' } }) })
    expect(await screen.findByText('Admin - Unlimited Access')).toBeInTheDocument()
    expect(screen.getAllByLabelText('unlimited')).toHaveLength(3)
    expect(screen.getByRole('progressbar', { name: 'Posts this month used' })).toHaveAttribute('aria-valuetext', '0 used, unlimited')
    expect(screen.queryByText('Starter')).not.toBeInTheDocument()
  })

  it('shows the drafts to review', async () => {
    setup(admin, { 'GET /api/workspace': json({ ...workspaceResponse, drafts: 2 }) })
    expect(await screen.findByRole('link', { name: 'You have 2 drafts to review' })).toHaveAttribute('href', '/dashboard/posts?status=draft')
  })

  it('shows the RSS feeds: all posts plus one per category, with Copy', async () => {
    setup()
    expect(await screen.findByText('http://localhost/blog/olivias-blog/feed.xml')).toBeInTheDocument()
    expect(await screen.findByText('http://localhost/blog/olivias-blog/feed.xml?category=keto')).toBeInTheDocument()
    expect(screen.getByText('http://localhost/blog/olivias-blog/feed.xml?category=tech')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy All posts' })).toBeInTheDocument()
  })

  it('has the blog posts table with bulk delete', async () => {
    const { user } = setup()
    const table = await screen.findByRole('table', { name: 'Blog posts' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Category', 'Title', 'Status', 'Published', 'Views', 'Actions'])
    await user.click(within(table).getByRole('checkbox', { name: 'Select all posts' }))
    expect(screen.getByRole('button', { name: 'Delete (2)' })).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'Open Best Laptops in a new tab' })).toHaveAttribute('target', '_blank')
  })

  it("opens 'Generate New Post' and 'Bulk Schedule'", async () => {
    const { user } = setup()
    await screen.findByRole('table', { name: 'Blog posts' })
    await user.click(screen.getAllByRole('button', { name: 'Generate New Post' })[0])
    expect(await screen.findByRole('dialog', { name: 'Generate New Post' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Bulk Schedule' }))
    expect(await screen.findByRole('dialog', { name: 'Bulk Schedule' })).toBeInTheDocument()
  })

  it("shows 'No posts yet. Generate your first one!' and 'No posts match your filters.'", async () => {
    const { user } = setup(admin, { 'GET /api/workspace/posts': json({ posts: [], total: 0 }) })
    expect(await screen.findByText('No posts yet. Generate your first one!')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Search posts by title'), 'zzz')
    expect(await screen.findByText('No posts match your filters.')).toBeInTheDocument()
  })

  it('sends a signed-in owner to their own dashboard', async () => {
    setup(owner)
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/))
  })
})
