import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import type { Category, OwnerPost, PostSummary } from '@/api/types'
import { json, apiError, makePost, mockFetch, owner, renderWithProviders, visitor } from '@/test/utils'

const keto: Category = { id: 1, name: 'Keto', slug: 'keto', description: '', colorHex: '#10b981', gradient: '', postCount: 2 }
const tech: Category = { id: 2, name: 'Tech', slug: 'tech', description: '', colorHex: '#0ea5e9', gradient: '', postCount: 1 }

const posts: PostSummary[] = [
  makePost({ id: 1, title: 'Ten Keto Breakfasts', url: '/blog/olivias-blog/keto/ten-keto-breakfasts', workspaceSlug: 'olivias-blog' }),
  makePost({ id: 2, title: 'Keto on a Budget', slug: 'keto-on-a-budget', viewCount: 42 }),
  makePost({ id: 3, title: 'Best Laptops', slug: 'best-laptops', category: 'tech', categoryName: 'Tech' }),
]

function setup(routes: Record<string, unknown> = {}) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/auth/me': json(owner),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace/categories': json({ categories: [keto, tech] }),
    'GET /api/workspace/posts': ({ url }: { url: URL }) => {
      const q = url.searchParams.get('search')?.toLowerCase() ?? ''
      const c = url.searchParams.get('category')
      const list = posts.filter((p) => p.title.toLowerCase().includes(q) && (!c || p.category === c))
      return json({ posts: list, total: list.length })
    },
    ...routes,
  })
  const user = userEvent.setup()
  renderWithProviders(<AppRoutes />, { route: '/dashboard/posts' })
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

  it('lists posts with category, title, date, views and actions', async () => {
    setup()
    expect(await screen.findByRole('heading', { name: 'My Posts' })).toBeInTheDocument()
    const headers = (await screen.findAllByRole('columnheader')).map((h) => h.textContent)
    expect(headers).toEqual(['', 'Category', 'Title', 'Published', 'Views', 'Actions'])
    const row = within(table()).getByRole('row', { name: /Keto on a Budget/ })
    expect(within(row).getByText('42')).toBeInTheDocument()
    expect(within(row).getByText('Jan 5, 2025')).toBeInTheDocument()
    const open = within(table()).getByRole('link', { name: 'Open Ten Keto Breakfasts in a new tab' })
    expect(open).toHaveAttribute('href', '/blog/olivias-blog/keto/ten-keto-breakfasts')
    expect(open).toHaveAttribute('target', '_blank')
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
    expect(screen.getByRole('button', { name: 'Delete (3)' })).toBeInTheDocument()
    await user.click(within(table()).getByRole('checkbox', { name: 'Select Best Laptops' }))
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

  it("edits title, content and tags: 'Post updated'", async () => {
    const full: OwnerPost = {
      ...posts[0],
      content: '<p>Eggs.</p><a rel="sponsored">ad</a>',
      rawContent: '<p>Eggs.</p>',
      metaTitle: '',
      metaDescription: '',
      canonicalUrl: 'http://localhost/blog/olivias-blog/keto/ten-keto-breakfasts',
    }
    const { fetch, user } = setup({
      'GET /api/workspace/posts/1': json({ post: full }),
      'PATCH /api/workspace/posts/1': ({ body }: { body: Record<string, unknown> }) => json({ post: { ...full, ...body } }),
    })
    await screen.findByRole('table', { name: 'Your posts' })
    await user.click(within(table()).getByRole('button', { name: 'Edit Ten Keto Breakfasts' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' })
    const content = await within(dialog).findByLabelText('Content')
    expect(content).toHaveValue('<p>Eggs.</p>')
    expect(content).toHaveAttribute('rows', '15')
    expect(within(dialog).getByLabelText('Tags')).toHaveValue('keto, breakfast, low carb, recipes')
    await user.clear(within(dialog).getByLabelText('Title'))
    await user.type(within(dialog).getByLabelText('Title'), 'Eleven Keto Breakfasts')
    await user.clear(within(dialog).getByLabelText('Tags'))
    await user.type(within(dialog).getByLabelText('Tags'), 'keto, , eggs')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Post updated')).toBeInTheDocument()
    const call = fetch.mock.calls.find((c) => c[1]?.method === 'PATCH')
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ title: 'Eleven Keto Breakfasts', content: '<p>Eggs.</p>', tags: ['keto', 'eggs'] })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Post' })).not.toBeInTheDocument())
  })

  it("toasts 'Error updating post'", async () => {
    const full = { ...posts[0], content: '<p>x</p>', rawContent: '<p>x</p>', metaTitle: '', metaDescription: '', canonicalUrl: '' }
    const { user } = setup({
      'GET /api/workspace/posts/1': json({ post: full }),
      'PATCH /api/workspace/posts/1': apiError(400, 'validation', 'The title must be at most 200 characters'),
    })
    await screen.findByRole('table', { name: 'Your posts' })
    await user.click(within(table()).getByRole('button', { name: 'Edit Ten Keto Breakfasts' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' })
    await user.click(await within(dialog).findByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Error updating post')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Edit Post' })).toBeInTheDocument()
  })
})
