import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import { admin, json, makePost, mockFetch, owner, renderWithProviders } from '@/test/utils'

afterEach(() => {
  toast.dismiss()
})

// The owner and admin pages are lazy: load them before the tests, not inside their time limits.
beforeAll(preloadLazyPages)

describe('/admin/all-posts', () => {
  it("is for admins only: 'Access Denied'", async () => {
    // The dashboard it lands on keeps loading: its content is beside the point here.
    mockFetch({ 'GET /api/auth/me': json(owner), 'GET /api/categories': json({ categories: [] }), 'GET /api/workspace': () => new Promise<Response>(() => {}) })
    renderWithProviders(<AppRoutes />, { route: '/admin/all-posts' })
    expect(await screen.findByText('Access Denied')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/))
  })

  it("shows posts across workspaces page by page with 'Load more'", async () => {
    const all = Array.from({ length: 14 }, (_, i) =>
      makePost({ id: i + 1, title: `Post number ${i + 1}`, slug: `p-${i + 1}`, workspaceSlug: i % 2 ? 'olivia' : 'site', url: `/blog/ws/keto/p-${i + 1}` }),
    )
    const fetch = mockFetch({
      'GET /api/auth/me': json(admin),
      'GET /api/categories': json({ categories: [] }),
      'GET /api/admin/posts': ({ url }: { url: URL }) => {
        const page = Number(url.searchParams.get('page') ?? 1)
        const limit = Number(url.searchParams.get('limit') ?? 12)
        return json({ posts: all.slice((page - 1) * limit, page * limit), total: all.length })
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<AppRoutes />, { route: '/admin/all-posts' })
    expect(await screen.findByText('14 posts across all workspaces')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Post number 12/ })).toHaveAttribute('href', '/blog/ws/keto/p-12')
    expect(screen.queryByText('Post number 13')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Post number 14')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('page=2'))).toBe(true)
  })

  it("says which blog each post is on, and '1 post matches your search'", async () => {
    const posts = [
      makePost({ id: 1, title: 'Ten Keto Breakfasts', workspaceSlug: 'olivia', blogName: 'Olivia Writes', url: '/blog/olivia/keto/a' }),
      makePost({ id: 2, title: 'Site post', slug: 'b', workspaceSlug: 'site' }),
    ]
    mockFetch({
      'GET /api/auth/me': json(admin),
      'GET /api/categories': json({ categories: [] }),
      'GET /api/admin/posts': ({ url }: { url: URL }) =>
        url.searchParams.get('search') ? json({ posts: posts.slice(0, 1), total: 1 }) : json({ posts, total: 2 }),
    })
    const user = userEvent.setup()
    renderWithProviders(<AppRoutes />, { route: '/admin/all-posts' })
    expect(await screen.findByText('2 posts across all workspaces')).toBeInTheDocument()
    expect(screen.getByText('Olivia Writes').parentElement).toHaveTextContent('on Olivia Writes')
    // Before the server names blogs, the workspace's slug stands in.
    expect(screen.getByText('site').parentElement).toHaveTextContent('on site')
    await user.type(screen.getByLabelText('Search posts by title'), 'keto')
    expect(await screen.findByText('1 post matches your search')).toBeInTheDocument()
  })
})
