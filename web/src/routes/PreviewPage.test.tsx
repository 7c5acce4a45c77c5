import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { AppRoutes } from '@/App'
import { apiError, blogSettings, json, makePost, mockFetch, renderWithProviders, visitor } from '@/test/utils'
import type { Post, PreviewResponse } from '@/api/types'
import { formatDateTime } from '@/lib/format'

const draft: Post = {
  ...makePost({
    id: 42,
    title: 'Ten Keto Breakfasts',
    status: 'draft',
    workspaceSlug: 'olivias-blog',
    url: '/blog/olivias-blog/keto/ten-keto-breakfasts',
    tags: ['keto', 'breakfast'],
  }),
  content:
    '<h2>Eggs</h2><p>Eggs are great.</p><div class="embed" data-embed="youtube"><iframe src="https://www.youtube-nocookie.com/embed/x" title="Eggs video" width="560" height="315"></iframe></div>',
  metaTitle: 'Best Keto Breakfasts',
  metaDescription: 'Ideas',
  canonicalUrl: 'http://localhost:8080/blog/olivias-blog/keto/ten-keto-breakfasts',
}

function preview(post: Partial<Post> = {}): PreviewResponse {
  return {
    post: { ...draft, ...post },
    blog: { name: "Olivia's Blog", slug: 'olivias-blog' },
    settings: blogSettings,
  }
}

const ROUTE = '/preview/42/tok123'

function requested(fetch: ReturnType<typeof mockFetch>): string[] {
  return fetch.mock.calls.map((c) => String(c[0]))
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="robots"]').forEach((m) => m.remove())
})

describe('PreviewPage', () => {
  it('renders a draft in its blog theme with the notice, noindex and no view counted', async () => {
    const fetch = mockFetch({ 'GET /api/auth/me': json(visitor), 'GET /api/preview/42/tok123': json(preview()) })
    renderWithProviders(<AppRoutes />, { route: ROUTE })

    expect(await screen.findByRole('heading', { level: 1, name: 'Ten Keto Breakfasts' })).toBeInTheDocument()
    const notice = screen.getByRole('note', { name: 'Preview' })
    expect(notice).toHaveTextContent('Preview — this post is not published yet')
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument()

    // The same article as the post page: breadcrumb into the blog, date, read time, content, tags.
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(crumbs).getByRole('link', { name: 'Olivia Writes' })).toHaveAttribute('href', '/blog/olivias-blog')
    expect(screen.getByRole('link', { name: /Back to Keto/ })).toHaveAttribute('href', '/blog/olivias-blog/keto')
    expect(screen.getByText('January 5, 2025')).toBeInTheDocument()
    expect(screen.getByText('4 min read')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Eggs' })).toBeInTheDocument()
    expect(screen.getByTitle('Eggs video').closest('.embed')).toHaveAttribute('data-embed', 'youtube')
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')).toHaveLength(2)
    expect(document.querySelector('.blog-theme')).toHaveAttribute('data-template', 'template-2')

    // No sharing, no related posts.
    expect(screen.queryByRole('link', { name: /Share on X/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Related Posts' })).not.toBeInTheDocument()

    // The title and the robots tag are set by effects, which run after the page has painted. The title is the
    // server's: the meta title, named after the blog.
    await waitFor(() => expect(document.title).toBe('Preview: Best Keto Breakfasts | Olivia Writes'))
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex'))

    const urls = requested(fetch)
    expect(urls).toContain('/api/preview/42/tok123')
    expect(urls.some((u) => u.startsWith('/api/posts'))).toBe(false)
    expect(urls.some((u) => u.includes('view='))).toBe(false)
  })

  it('names the date of a scheduled post', async () => {
    mockFetch({
      'GET /api/auth/me': json(visitor),
      'GET /api/preview/42/tok123': json(preview({ status: 'scheduled', publishedAt: '2030-03-04T09:30:00Z' })),
    })
    renderWithProviders(<AppRoutes />, { route: ROUTE })
    const notice = await screen.findByRole('note', { name: 'Preview' })
    expect(notice).toHaveTextContent(`Preview — scheduled for ${formatDateTime('2030-03-04T09:30:00Z')}`)
  })

  it('links a published post to its page', async () => {
    mockFetch({ 'GET /api/auth/me': json(visitor), 'GET /api/preview/42/tok123': json(preview({ status: 'published' })) })
    renderWithProviders(<AppRoutes />, { route: ROUTE })
    const notice = await screen.findByRole('note', { name: 'Preview' })
    expect(notice).toHaveTextContent('Preview — this post is published')
    expect(within(notice).getByRole('link', { name: /View the published post/ })).toHaveAttribute(
      'href',
      '/blog/olivias-blog/keto/ten-keto-breakfasts',
    )
  })

  it('renders a post of the site blog like the site post page, without a theme', async () => {
    mockFetch({
      'GET /api/auth/me': json(visitor),
      'GET /api/preview/42/tok123': json({
        ...preview({ url: '/keto/ten-keto-breakfasts', workspaceSlug: 'site' }),
        blog: { name: 'InkPress', slug: 'site' },
      }),
    })
    renderWithProviders(<AppRoutes />, { route: ROUTE })
    expect(await screen.findByRole('link', { name: /Back to Keto/ })).toHaveAttribute('href', '/keto')
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(crumbs).getByRole('link', { name: 'InkPress' })).toHaveAttribute('href', '/')
    expect(document.querySelector('.blog-theme')).toBeNull()
  })

  it('shows the expired notice on 404, once', async () => {
    const fetch = mockFetch({
      'GET /api/auth/me': json(visitor),
      'GET /api/preview/42/tok123': apiError(404, 'not_found', 'preview not found'),
    })
    renderWithProviders(<AppRoutes />, { route: ROUTE })
    expect(
      await screen.findByText('This preview link has expired or was replaced. Ask the author for a new link.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('note', { name: 'Preview' })).not.toBeInTheDocument()
    expect(requested(fetch).filter((u) => u === '/api/preview/42/tok123')).toHaveLength(1)
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  })
})
