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
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' })
    const links = within(nav).getAllByRole('link').map((a) => [a.textContent?.trim(), a.getAttribute('href')])
    expect(links).toEqual([
      ['Manage Users', '/admin/users'],
      ['Schedule Posts', '/admin/schedule'],
      ['Manage Categories', '/admin/categories'],
      ['Media Library', '/admin/media-library'],
      ['All posts', '/admin/all-posts'],
    ])
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
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Category', 'Title', 'Published', 'Views', 'Actions'])
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

  it('works for a signed-in owner on their own workspace, without the admin-only links', async () => {
    setup(owner)
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' })
    expect(within(nav).queryByRole('link', { name: 'Manage Users' })).not.toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Schedule Posts' })).toBeInTheDocument()
  })
})
