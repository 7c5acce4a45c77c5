import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '@/App'
import { json, makeBlog, makeCategory, makePost, mockFetch, renderWithProviders, visitor } from '@/test/utils'
import type { Post } from '@/api/types'
import { blogHomePath, categoryPath, feedPath, postPath } from '@/lib/paths'
import { headRootBlog } from '@/lib/rootBlog'

afterEach(() => {
  document.head.querySelectorAll('meta[name="inkpress-blog"]').forEach((m) => m.remove())
})

// On a workspace's custom domain /api/site answers `blog`, and the app renders that blog at the root.

const keto = makeCategory()

const blog = makeBlog([keto])

// The API resolves the blog by host: summaries carry root-relative URLs.
const summary = makePost({ workspaceSlug: 'olivias-blog', url: '/keto/ten-keto-breakfasts' })
const related = makePost({ id: 2, title: 'Keto Lunches', slug: 'keto-lunches', workspaceSlug: 'olivias-blog', url: '/keto/keto-lunches' })
const post: Post = {
  ...summary,
  content: '<h2>Eggs</h2><p>Eggs are great.</p>',
  metaTitle: 'Best Keto Breakfasts',
  metaDescription: 'Ideas',
  canonicalUrl: 'https://blog.example.org/keto/ten-keto-breakfasts',
}

function customDomain(siteBlog = 'olivias-blog') {
  return mockFetch({
    'GET /api/site': json({ name: 'InkPress', tagline: 't', siteWorkspace: 'site', baseUrl: 'https://inkpress.dev', blog: siteBlog }),
    'GET /api/auth/me': json(visitor),
    'GET /api/categories': json({ categories: [keto] }),
    'GET /api/blogs/olivias-blog': json(blog),
    'GET /api/posts': json({ posts: [summary], page: 1, hasMore: false }),
    'GET /api/posts/keto/ten-keto-breakfasts': json({ post, related: [related] }),
  })
}

describe('custom domain', () => {
  it('renders the workspace blog at "/" in its theme, with root-relative links and feed', async () => {
    const fetch = customDomain()
    const { container } = renderWithProviders(<AppRoutes />, { route: '/' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Olivia Writes' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Insights for the Modern Generation' })).not.toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'RSS feed' }).map((a) => a.getAttribute('href'))).toContain('/feed.xml')
    const chips = screen.getByRole('navigation', { name: 'Blog categories' })
    expect(within(chips).getByRole('link', { name: 'Keto' })).toHaveAttribute('href', '/keto')
    const link = await screen.findByRole('link', { name: 'Ten Keto Breakfasts' })
    expect(link).toHaveAttribute('href', '/keto/ten-keto-breakfasts')
    const theme = container.querySelector('.blog-theme') as HTMLElement
    expect(theme.dataset.template).toBe('template-2')
    expect(theme.style.getPropertyValue('--brand')).toBe('#f43f5e')
    expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/api/blogs/olivias-blog')

    // In-app navigation stays on the root-relative path and shows the post in the blog's theme.
    await userEvent.click(link)
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/keto\/ten-keto-breakfasts$/)
    expect(await screen.findByRole('heading', { level: 1, name: 'Ten Keto Breakfasts' })).toBeInTheDocument()
  })

  it('renders the blog named in the page head at once, before /api/site answers', async () => {
    const meta = document.createElement('meta')
    meta.name = 'inkpress-blog'
    meta.content = 'olivias-blog'
    document.head.appendChild(meta)
    customDomain('') // /api/site names no blog: only the head can make this the blog's page
    renderWithProviders(<AppRoutes />, { route: '/' })
    expect(screen.queryByRole('heading', { name: 'Insights for the Modern Generation' })).not.toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Olivia Writes' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Insights for the Modern Generation' })).not.toBeInTheDocument()
  })

  it('renders the blog category at "/:category" with its feed and a way back to "/"', async () => {
    customDomain()
    renderWithProviders(<AppRoutes />, { route: '/keto' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Keto' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Back to Olivia Writes/ })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: /Keto RSS feed/ })).toHaveAttribute('href', '/feed.xml?category=keto')
    expect(await screen.findByRole('link', { name: 'Ten Keto Breakfasts' })).toHaveAttribute('href', '/keto/ten-keto-breakfasts')
    expect(document.title).toBe('Keto | Olivia Writes')
  })

  it('renders the blog post at "/:category/:slug", fetched by host, with root-relative breadcrumbs', async () => {
    const fetch = customDomain()
    const { container } = renderWithProviders(<AppRoutes />, { route: '/keto/ten-keto-breakfasts' })
    // Once /api/site has answered, the breadcrumb names the blog (jsdom's localhost never waits for it).
    await waitFor(() =>
      expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Olivia Writes' })).toHaveAttribute('href', '/'),
    )
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(screen.getByRole('heading', { level: 1, name: 'Ten Keto Breakfasts' })).toBeInTheDocument()
    expect(within(crumbs).getByRole('link', { name: 'Keto' })).toHaveAttribute('href', '/keto')
    expect(screen.getByRole('link', { name: 'Keto Lunches' })).toHaveAttribute('href', '/keto/keto-lunches')
    expect(container.querySelector('.blog-theme')).not.toBeNull()
    // No ?workspace=: the server resolves the post by host, so canonical URLs are on the custom domain.
    const postCall = fetch.mock.calls.map((c) => String(c[0])).find((u) => u.startsWith('/api/posts/keto/ten-keto-breakfasts'))
    expect(postCall).toBeDefined()
    expect(postCall).not.toContain('workspace=')
  })

  it('keeps the site pages when /api/site names no blog', async () => {
    customDomain('')
    renderWithProviders(<AppRoutes />, { route: '/keto' })
    expect(await screen.findByRole('link', { name: /Keto RSS feed/ })).toHaveAttribute('href', '/keto/feed.xml')
    expect(screen.queryByRole('link', { name: /Back to Olivia Writes/ })).not.toBeInTheDocument()
  })
})

describe('root blog paths', () => {
  it('are root-relative for the root blog and under /blog/{ws} for others', () => {
    const p = { category: 'Keto', slug: 'eggs', url: '/blog/olivias-blog/keto/eggs' }
    expect(postPath(p, 'olivias-blog', 'olivias-blog')).toBe('/keto/eggs')
    expect(postPath(p, 'other', 'olivias-blog')).toBe('/blog/other/keto/eggs')
    expect(postPath(p, 'olivias-blog')).toBe('/blog/olivias-blog/keto/eggs')
    expect(categoryPath('keto', 'olivias-blog', 'olivias-blog')).toBe('/keto')
    expect(categoryPath('keto', 'other', 'olivias-blog')).toBe('/blog/other/keto')
    expect(blogHomePath('olivias-blog', 'olivias-blog')).toBe('/')
    expect(blogHomePath('olivias-blog')).toBe('/blog/olivias-blog')
    expect(feedPath({ workspace: 'olivias-blog', rootSlug: 'olivias-blog' })).toBe('/feed.xml')
    expect(feedPath({ workspace: 'olivias-blog', category: 'keto', rootSlug: 'olivias-blog' })).toBe('/feed.xml?category=keto')
    expect(feedPath({ workspace: 'other', category: 'keto', rootSlug: 'olivias-blog' })).toBe('/blog/other/feed.xml?category=keto')
  })

  it('reads the root blog from the page head', () => {
    expect(headRootBlog()).toBeNull()
    const meta = document.createElement('meta')
    meta.name = 'inkpress-blog'
    meta.content = 'olivias-blog'
    document.head.appendChild(meta)
    expect(headRootBlog()).toBe('olivias-blog')
  })
})
