import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import type { Category, PostSummary } from '@/api/types'
import { json, apiError, makePost, mockFetch, owner, renderWithProviders, visitor } from '@/test/utils'

const keto: Category = { id: 1, name: 'Keto', slug: 'keto', description: '', colorHex: '#10b981', gradient: '', postCount: 2 }
const tech: Category = { id: 2, name: 'Tech', slug: 'tech', description: '', colorHex: '#0ea5e9', gradient: '', postCount: 1 }

const posts: PostSummary[] = [
  makePost({ id: 1, title: 'Ten Keto Breakfasts', url: '/blog/olivias-blog/keto/ten-keto-breakfasts', workspaceSlug: 'olivias-blog' }),
  makePost({ id: 2, title: 'Keto on a Budget', slug: 'keto-on-a-budget', viewCount: 42 }),
  makePost({ id: 3, title: 'Best Laptops', slug: 'best-laptops', category: 'tech', categoryName: 'Tech' }),
  makePost({ id: 4, title: 'Keto Desserts', slug: 'keto-desserts', status: 'scheduled', publishedAt: '2030-03-01T09:30:00Z', viewCount: 0 }),
  makePost({ id: 5, title: 'Draft on Fasting', slug: 'draft-on-fasting', status: 'draft', viewCount: 0, updatedAt: '2025-02-02T10:00:00Z' }),
]

function setup(routes: Record<string, unknown> = {}, route = '/dashboard/posts') {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/auth/me': json(owner),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace/categories': json({ categories: [keto, tech] }),
    'GET /api/workspace/posts': ({ url }: { url: URL }) => {
      const q = url.searchParams.get('search')?.toLowerCase() ?? ''
      const c = url.searchParams.get('category')
      const st = url.searchParams.get('status')
      const list = posts.filter((p) => p.title.toLowerCase().includes(q) && (!c || p.category === c) && (!st || p.status === st))
      return json({ posts: list, total: list.length })
    },
    ...routes,
  })
  const user = userEvent.setup()
  renderWithProviders(<AppRoutes />, { route })
  return { fetch, user }
}

const table = () => screen.getByRole('table', { name: 'Your posts' })

afterEach(() => {
  toast.dismiss()
})

// The owner and admin pages are lazy: load them before the tests, not inside their time limits.
beforeAll(preloadLazyPages)

describe('My Posts', () => {
  it('sends visitors to /admin/login', async () => {
    mockFetch({ 'GET /api/auth/me': json(visitor), 'GET /api/categories': json({ categories: [] }) })
    renderWithProviders(<AppRoutes />, { route: '/dashboard/posts' })
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login?next=%2Fdashboard%2Fposts'))
  })

  it('lists posts with category, title, status, date, views and actions', async () => {
    setup()
    expect(await screen.findByRole('heading', { name: 'My Posts' })).toBeInTheDocument()
    const headers = (await screen.findAllByRole('columnheader')).map((h) => h.textContent)
    expect(headers).toEqual(['', 'Category', 'Title', 'Status', 'Published', 'Views', 'Actions'])
    const row = within(table()).getByRole('row', { name: /Keto on a Budget/ })
    expect(within(row).getByText('42')).toBeInTheDocument()
    expect(within(row).getByText('Jan 5, 2025')).toBeInTheDocument()
    const open = within(table()).getByRole('link', { name: 'Open Ten Keto Breakfasts in a new tab' })
    expect(open).toHaveAttribute('href', '/blog/olivias-blog/keto/ten-keto-breakfasts')
    expect(open).toHaveAttribute('target', '_blank')
    expect(screen.getByText('5 posts')).toBeInTheDocument()
  })

  it('shows status badges: Published, Scheduled with its date, Draft', async () => {
    setup()
    await screen.findByRole('table', { name: 'Your posts' })
    const live = within(table()).getByRole('row', { name: /Keto on a Budget/ })
    expect(within(live).getByText('Published')).toBeInTheDocument()
    const scheduled = within(table()).getByRole('row', { name: /Keto Desserts/ })
    expect(within(scheduled).getByText('Scheduled')).toBeInTheDocument()
    expect(within(scheduled).getByText(/Mar 1, 2030/)).toHaveAttribute('datetime', '2030-03-01T09:30:00Z')
    const draft = within(table()).getByRole('row', { name: /Draft on Fasting/ })
    expect(within(draft).getByText('Draft')).toBeInTheDocument()
    // Only published posts can be opened on the blog or shared.
    for (const row of [scheduled, draft]) {
      expect(within(row).queryByRole('link', { name: /in a new tab/ })).not.toBeInTheDocument()
      expect(within(row).queryByRole('button', { name: /^Share/ })).not.toBeInTheDocument()
    }
    expect(within(live).getByRole('button', { name: 'Share Keto on a Budget' })).toBeInTheDocument()
  })

  it('opens a post on its own screen from the title and the edit action', async () => {
    setup()
    await screen.findByRole('table', { name: 'Your posts' })
    expect(within(table()).getByRole('link', { name: 'Draft on Fasting' })).toHaveAttribute('href', '/dashboard/posts/5')
    expect(within(table()).getByRole('link', { name: 'Edit Draft on Fasting' })).toHaveAttribute('href', '/dashboard/posts/5')
    expect(screen.getByRole('link', { name: 'New post' })).toHaveAttribute('href', '/dashboard/posts/new')
  })

  it('filters by status on the server and keeps it in the address', async () => {
    const { fetch, user } = setup()
    await screen.findByRole('table', { name: 'Your posts' })
    const group = screen.getByRole('group', { name: 'Filter by status' })
    expect(within(group).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(within(group).getByRole('button', { name: 'Scheduled' }))
    await waitFor(() => expect(within(table()).queryByText('Keto on a Budget')).not.toBeInTheDocument())
    expect(within(table()).getByText('Keto Desserts')).toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('status=scheduled'))).toBe(true)
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/posts?status=scheduled')
    expect(screen.getByText('1 post matches your filters')).toBeInTheDocument()
    await user.click(within(group).getByRole('button', { name: 'All' }))
    await waitFor(() => expect(within(table()).getByText('Keto on a Budget')).toBeInTheDocument())
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/posts$/)
  })

  it('opens on the drafts from ?status=draft', async () => {
    const { fetch } = setup({}, '/dashboard/posts?status=draft')
    expect(await within(await screen.findByRole('table', { name: 'Your posts' })).findByText('Draft on Fasting')).toBeInTheDocument()
    expect(within(table()).queryByText('Keto on a Budget')).not.toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Filter by status' })).getByRole('button', { name: 'Drafts' })).toHaveAttribute('aria-pressed', 'true')
    const lists = fetch.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/workspace/posts'))
    expect(lists.length).toBeGreaterThan(0)
    expect(lists.every((u) => u.includes('status=draft'))).toBe(true)
  })

  it("searches titles on the server and shows 'No posts match your filters.'", async () => {
    const { fetch, user } = setup()
    await screen.findByRole('table', { name: 'Your posts' })
    await user.type(screen.getByLabelText('Search posts by title'), 'BUDGET')
    await waitFor(() => expect(within(table()).queryByText('Ten Keto Breakfasts')).not.toBeInTheDocument())
    expect(within(table()).getByText('Keto on a Budget')).toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('search=BUDGET'))).toBe(true)
    await user.clear(screen.getByLabelText('Search posts by title'))
    await user.type(screen.getByLabelText('Search posts by title'), 'nothing like this')
    expect(await screen.findByText('No posts match your filters.')).toBeInTheDocument()
  })

  it('filters by the workspace’s categories', async () => {
    const { fetch, user } = setup()
    await screen.findByRole('table', { name: 'Your posts' })
    await user.click(screen.getByRole('combobox', { name: 'Filter by category' }))
    expect(screen.getByRole('option', { name: 'All categories' })).toBeInTheDocument()
    await user.click(screen.getByRole('option', { name: 'Tech' }))
    await waitFor(() => expect(within(table()).queryByText('Ten Keto Breakfasts')).not.toBeInTheDocument())
    expect(within(table()).getByText('Best Laptops')).toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('category=tech'))).toBe(true)
  })

  it("shows 'No posts yet. Create your first one!' for an empty blog", async () => {
    setup({ 'GET /api/workspace/posts': json({ posts: [], total: 0 }) })
    expect(await screen.findByText('No posts yet. Create your first one!')).toBeInTheDocument()
  })

  it("bulk deletes after 'Delete {n} posts?'", async () => {
    const { fetch, user } = setup({ 'POST /api/workspace/posts/bulk-delete': ({ body }: { body: { ids: number[] } }) => json({ deleted: body.ids.length }) })
    await screen.findByRole('table', { name: 'Your posts' })
    await user.click(within(table()).getByRole('checkbox', { name: 'Select all posts' }))
    expect(screen.getByRole('button', { name: 'Delete (5)' })).toBeInTheDocument()
    await user.click(within(table()).getByRole('checkbox', { name: 'Select Best Laptops' }))
    await user.click(within(table()).getByRole('checkbox', { name: 'Select Keto Desserts' }))
    await user.click(within(table()).getByRole('checkbox', { name: 'Select Draft on Fasting' }))
    expect(within(table()).getByRole('checkbox', { name: 'Select all posts' })).toBePartiallyChecked()
    await user.click(screen.getByRole('button', { name: 'Delete (2)' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 posts?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('2 posts deleted')).toBeInTheDocument()
    const call = fetch.mock.calls.find((c) => String(c[0]).includes('bulk-delete'))
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ ids: [1, 2] })
  })

  it("deletes one post after 'Are you sure you want to delete this post?'", async () => {
    const { fetch, user } = setup({ 'DELETE /api/workspace/posts/3': json(null, 204) })
    await screen.findByRole('table', { name: 'Your posts' })
    await user.click(within(table()).getByRole('button', { name: 'Delete Best Laptops' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this post?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(fetch.mock.calls.some((c) => c[1]?.method === 'DELETE')).toBe(false)
    await user.click(within(table()).getByRole('button', { name: 'Delete Best Laptops' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Post deleted')).toBeInTheDocument()
  })

  it("toasts 'Error deleting post'", async () => {
    const { user } = setup({ 'DELETE /api/workspace/posts/3': apiError(404, 'post_not_found', 'Post not found') })
    await screen.findByRole('table', { name: 'Your posts' })
    await user.click(within(table()).getByRole('button', { name: 'Delete Best Laptops' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Error deleting post')).toBeInTheDocument()
  })
})
