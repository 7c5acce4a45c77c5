import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '@/App'
import { apiError, json, makeBlog, makeCategory, makePost, mockFetch, owner, renderWithProviders, visitor } from '@/test/utils'
import type { Post } from '@/api/types'

const keto = makeCategory({ postCount: 2 })

const post: Post = {
  ...makePost(),
  content: '<h2>Eggs</h2><p>Eggs are great.</p>',
  metaTitle: 'Best Keto Breakfasts',
  metaDescription: 'Ideas',
  canonicalUrl: 'https://inkpress.dev/keto/ten-keto-breakfasts',
  coverImageUrl: '/media/eggs.png',
}

const blog = makeBlog([keto])

function routes(extra: Record<string, unknown> = {}) {
  return {
    'GET /api/auth/me': json(visitor),
    'GET /api/categories': json({ categories: [keto] }),
    ...extra,
  }
}

describe('routes', () => {
  it('shows the 404 page for unknown routes', async () => {
    mockFetch(routes())
    renderWithProviders(<AppRoutes />, { route: '/admin/nope' })
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    expect(document.title).toBe('Page not found | InkPress')
  })

  it('renders the home page sections and queries trending and latest', async () => {
    const fetch = mockFetch(
      routes({
        'GET /api/posts': ({ url }: { url: URL }) =>
          json({
            posts: [makePost({ id: url.searchParams.get('sort') === 'trending' ? 9 : 1 })],
            page: 1,
            hasMore: false,
          }),
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/' })
    expect(screen.getByRole('heading', { level: 1, name: 'Insights for the Modern Generation' })).toBeInTheDocument()
    expect(screen.getByText('Made for marketers, built for creators, and ready for the future of social media.')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'CATEGORIES' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'TRENDING NOW' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'LATEST POSTS' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: /Keto\s*Low-carb living/ })).toHaveAttribute('href', '/keto')
    const urls = fetch.mock.calls.map((c) => String(c[0]))
    expect(urls).toContain('/api/posts?sort=trending&limit=4')
    expect(urls).toContain('/api/posts?sort=latest&limit=6')
    expect(document.title).toBe('InkPress')
  })

  it('paginates /posts with Load more', async () => {
    const user = userEvent.setup()
    mockFetch(
      routes({
        'GET /api/posts': ({ url }: { url: URL }) => {
          const page = Number(url.searchParams.get('page'))
          return json({ posts: [makePost({ id: page, title: `Post ${page}`, slug: `p${page}` })], page, hasMore: page < 2 })
        },
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/posts' })
    expect(await screen.findByRole('link', { name: 'Post 1' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'Post 2' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('shows a category page with its RSS link, and Category not found for unknown slugs', async () => {
    mockFetch(routes({ 'GET /api/posts': json({ posts: [], page: 1, hasMore: false }) }))
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/keto' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Keto' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Keto RSS feed/ })).toHaveAttribute('href', '/keto/feed.xml')
    expect(await screen.findByText('No posts found in this category yet.')).toBeInTheDocument()
    unmount()
    renderWithProviders(<AppRoutes />, { route: '/gardening' })
    expect(await screen.findByRole('heading', { name: 'Category not found' })).toBeInTheDocument()
  })

  it('renders a post page with breadcrumb, share links and related posts', async () => {
    mockFetch(
      routes({
        'GET /api/posts/keto/ten-keto-breakfasts': json({
          post,
          related: [makePost({ id: 2, title: 'Keto Snacks', slug: 'keto-snacks', url: '/keto/keto-snacks' })],
        }),
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/keto/ten-keto-breakfasts' })
    expect(screen.getByText('Loading...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Ten Keto Breakfasts' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Eggs' })).toBeInTheDocument()
    expect(screen.getByText('January 5, 2025')).toBeInTheDocument()
    expect(screen.getByText('4 min read')).toBeInTheDocument()
    expect(screen.getByText('#breakfast')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Back to Keto/ })).toHaveAttribute('href', '/keto')
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(crumbs).getByRole('link', { name: 'InkPress' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('heading', { name: 'Share this post' })).toBeInTheDocument()
    const enc = encodeURIComponent(post.canonicalUrl)
    const x = screen.getByRole('link', { name: /Share on X/ })
    expect(x).toHaveAttribute('href', `https://twitter.com/intent/tweet?url=${enc}&text=${encodeURIComponent(post.title)}`)
    expect(x).toHaveAttribute('target', '_blank')
    expect(screen.getByRole('link', { name: /^LinkedIn/ })).toHaveAttribute('href', `https://www.linkedin.com/sharing/share-offsite/?url=${enc}`)
    expect(screen.getByRole('link', { name: /^Facebook/ })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${enc}`)
    expect(screen.getByRole('heading', { name: 'Related Posts' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Keto Snacks' })).toHaveAttribute('href', '/keto/keto-snacks')
    await waitFor(() => expect(document.title).toBe('Best Keto Breakfasts | InkPress'))
  })

  it('shows Post not found with a Go Home button', async () => {
    mockFetch(routes({ 'GET /api/posts/keto/missing': apiError(404, 'post_not_found', 'Post not found') }))
    renderWithProviders(<AppRoutes />, { route: '/keto/missing' })
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument()
    expect(screen.getByText("The post you're looking for doesn't exist or has been removed.")).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
  })

  it('renders a workspace blog in its template with RSS link and category chips', async () => {
    mockFetch(
      routes({
        'GET /api/blogs/olivias-blog': json(blog),
        'GET /api/posts': json({ posts: [makePost({ url: '/blog/olivias-blog/keto/ten-keto-breakfasts' })], page: 1, hasMore: false }),
      }),
    )
    const { container } = renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Olivia Writes' })).toBeInTheDocument()
    expect(screen.getByText('Notes on food')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'RSS feed' }).map((a) => a.getAttribute('href'))).toContain('/blog/olivias-blog/feed.xml')
    expect(within(screen.getByRole('navigation', { name: 'Blog categories' })).getByRole('link', { name: 'Keto' })).toHaveAttribute(
      'href',
      '/blog/olivias-blog/keto',
    )
    expect(await screen.findByRole('link', { name: 'Ten Keto Breakfasts' })).toHaveAttribute(
      'href',
      '/blog/olivias-blog/keto/ten-keto-breakfasts',
    )
    const theme = container.querySelector('.blog-theme') as HTMLElement
    expect(theme.dataset.template).toBe('template-2')
    expect(theme.style.getPropertyValue('--brand')).toBe('#f43f5e')
    expect(theme.style.getPropertyValue('--blog-font')).toContain('Lora')
  })

  it('shows Blog not found and the empty states of workspace blogs', async () => {
    mockFetch(
      routes({
        'GET /api/blogs/nobody': apiError(404, 'blog_not_found', 'Blog not found'),
        'GET /api/blogs/olivias-blog': json(blog),
        'GET /api/posts': json({ posts: [], page: 1, hasMore: false }),
      }),
    )
    const first = renderWithProviders(<AppRoutes />, { route: '/blog/nobody' })
    expect(await screen.findByRole('heading', { name: 'Blog not found' })).toBeInTheDocument()
    first.unmount()

    const second = renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog' })
    expect(await screen.findByText('No posts yet. Check back soon!')).toBeInTheDocument()
    second.unmount()

    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/keto' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Keto' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Back to Olivia Writes/ })).toHaveAttribute('href', '/blog/olivias-blog')
    expect(screen.getByRole('link', { name: /Keto RSS feed/ })).toHaveAttribute('href', '/blog/olivias-blog/feed.xml?category=keto')
    expect(await screen.findByText('No posts found in this category yet.')).toBeInTheDocument()
  })

  it('renders pricing cards from /api/plans on /landing', async () => {
    mockFetch(
      routes({
        'GET /api/plans': json({
          plans: [
            { id: 'starter', name: 'Starter', betaPrice: 15, regularPrice: 29, postsPerMonth: 30, imagesPerMonth: 30, maxCategories: 4, features: ['3 templates'] },
            // A feature restating the category cap is shown once.
            { id: 'professional', name: 'Professional', betaPrice: 40, regularPrice: 79, postsPerMonth: 100, imagesPerMonth: 100, maxCategories: 0, features: ['Unlimited categories', 'Custom domain'] },
            { id: 'admin', name: 'Admin', betaPrice: 0, regularPrice: 0, postsPerMonth: 999999, imagesPerMonth: 999999, maxCategories: 0, features: [] },
          ],
          trialDays: 14,
          trialPosts: 10,
          trialImages: 10,
        }),
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/landing' })
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeInTheDocument()
    expect(screen.getByText('$15')).toBeInTheDocument()
    expect(screen.getByText('$29/month')).toBeInTheDocument()
    expect(screen.getByText('Up to 4 categories')).toBeInTheDocument()
    expect(screen.getByText('Unlimited categories')).toBeInTheDocument()
    expect(screen.getByText('100 posts per month')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: /Log in|I already have an account/ })[0]).toHaveAttribute('href', '/login')
  })

  it('guards the dashboard: visitors go to /login, unfinished onboarding to /onboarding', async () => {
    mockFetch(routes())
    const first = renderWithProviders(<AppRoutes />, { route: '/dashboard' })
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/login?next=%2Fdashboard')
    first.unmount()

    mockFetch(routes({ 'GET /api/auth/me': json({ ...owner, onboardingCompleted: false }) }))
    renderWithProviders(<AppRoutes />, { route: '/dashboard' })
    expect(await screen.findByRole('heading', { name: 'Name your blog' })).toBeInTheDocument()
  })

  it('shows the owner dashboard with the workspace name', async () => {
    mockFetch(
      routes({
        'GET /api/auth/me': json(owner),
        'GET /api/workspace': json({
          workspace: owner.workspace,
          settings: blog.settings,
          usage: { month: '2025-01-01', postsGenerated: 9, postsLimit: 10, imagesGenerated: 1, imagesLimit: 10, trial: true, unlimited: false },
          plan: { id: 'starter', name: 'Starter', betaPrice: 15, regularPrice: 29, postsPerMonth: 30, imagesPerMonth: 30, maxCategories: 4, features: [] },
          blogUrl: '/blog/olivias-blog',
          rssUrl: '/blog/olivias-blog/feed.xml',
        }),
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/dashboard' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    expect(await screen.findByText('Olivia Writes')).toBeInTheDocument()
    expect(screen.getByText('Running low on posts/images. Consider upgrading!')).toBeInTheDocument()
  })
})
