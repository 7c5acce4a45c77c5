import { beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import { json, makePost, mockFetch, owner, renderWithProviders } from '@/test/utils'

// The owner and admin pages are lazy: load them before the tests, not inside their time limits.
beforeAll(preloadLazyPages)

describe('All posts', () => {
  it('shows the published posts as readers see them, counted, and loads more on demand', async () => {
    const all = Array.from({ length: 14 }, (_, i) =>
      makePost({ id: i + 1, title: `Post ${i + 1}`, slug: `post-${i + 1}`, url: `/blog/olivias-blog/keto/post-${i + 1}` }),
    )
    const fetch = mockFetch({
      'GET /api/auth/me': json(owner),
      'GET /api/categories': json({ categories: [] }),
      'GET /api/workspace/posts': ({ url }: { url: URL }) => {
        // Drafts and scheduled posts are not what readers see: only the server's public list is asked for.
        if (url.searchParams.get('status') !== 'public') return json({ posts: [makePost({ title: 'Secret draft' })], total: 15 })
        const page = Number(url.searchParams.get('page'))
        const limit = Number(url.searchParams.get('limit'))
        return json({ posts: all.slice((page - 1) * limit, page * limit), total: all.length })
      },
    })
    renderWithProviders(<AppRoutes />, { route: '/dashboard/all-posts' })
    expect(await screen.findByRole('heading', { level: 1, name: 'All posts' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Post 1' })).toHaveAttribute('href', '/blog/olivias-blog/keto/post-1')
    expect(screen.getByText('14 published posts, as readers see them.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Drafts and scheduled posts are in My Posts.' })).toHaveAttribute('href', '/dashboard/posts')
    expect(screen.queryByText('Secret draft')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Post 13' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'Post 14' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('page=2'))).toBe(true)
  })

  it('says when nothing is published yet', async () => {
    mockFetch({
      'GET /api/auth/me': json(owner),
      'GET /api/categories': json({ categories: [] }),
      'GET /api/workspace/posts': json({ posts: [], total: 0 }),
    })
    renderWithProviders(<AppRoutes />, { route: '/dashboard/all-posts' })
    expect(await screen.findByText('Nothing published yet. Readers see your posts here once you publish them.')).toBeInTheDocument()
    expect(screen.getByText('0 published posts, as readers see them.')).toBeInTheDocument()
  })
})
