import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '@/App'
import { json, makeBlog, makeCategory, makePost, mockFetch, renderWithProviders, visitor } from '@/test/utils'
import type { Post, PostsPage } from '@/api/types'

const keto = makeCategory()
const blog = makeBlog([keto])
const blogPost = makePost({ workspaceSlug: 'olivias-blog', url: '/blog/olivias-blog/keto/ten-keto-breakfasts' })

/** The /api/posts requests, as their query parameters. */
function postsCalls(fetch: ReturnType<typeof mockFetch>): Record<string, string>[] {
  return fetch.mock.calls
    .map((c) => new URL(String(c[0]), 'http://localhost'))
    .filter((u) => u.pathname === '/api/posts')
    .map((u) => Object.fromEntries(u.searchParams))
}

function routes(posts: (q: URLSearchParams) => PostsPage | Promise<Response>, extra: Record<string, unknown> = {}) {
  return mockFetch({
    'GET /api/auth/me': json(visitor),
    'GET /api/categories': json({ categories: [keto] }),
    'GET /api/blogs/olivias-blog': json(blog),
    'GET /api/posts': ({ url }: { url: URL }) => {
      const out = posts(url.searchParams)
      return out instanceof Promise ? out : json(out)
    },
    ...extra,
  })
}

describe('tag page', () => {
  it("lists a blog's posts with the tag in the blog's look, with the tag's feed", async () => {
    const fetch = routes(() => ({ posts: [blogPost], page: 1, hasMore: false }))
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/tag/low-carb' })
    expect(await screen.findByRole('heading', { level: 1, name: '#low carb' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '#low carb RSS feed' })).toHaveAttribute('href', '/blog/olivias-blog/tag/low-carb/feed.xml')
    expect(screen.getByRole('link', { name: 'Ten Keto Breakfasts' })).toHaveAttribute('href', '/blog/olivias-blog/keto/ten-keto-breakfasts')
    expect(postsCalls(fetch)).toContainEqual(expect.objectContaining({ workspace: 'olivias-blog', tag: 'low-carb', page: '1', limit: '24' }))
  })

  it('says so when no post has the tag', async () => {
    routes(() => ({ posts: [], page: 1, hasMore: false }))
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/tag/nothing' })
    expect(await screen.findByText('No posts found with this tag yet.')).toBeInTheDocument()
  })

  it('opens at ?page=N on the site: that page, the way back to newer posts, and Load more from there', async () => {
    const fetch = routes((q) => ({ posts: [makePost({ id: Number(q.get('page')), title: `Page ${q.get('page')} post` })], page: Number(q.get('page')), hasMore: q.get('page') === '3' }))
    renderWithProviders(<AppRoutes />, { route: '/tag/keto?page=3' })
    expect(await screen.findByRole('link', { name: 'Page 3 post' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Page 1 post' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Newer posts/ })).toHaveAttribute('href', '/tag/keto?page=2')
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'Page 4 post' })).toBeInTheDocument()
    expect(postsCalls(fetch).map((q) => q.page)).toEqual(['3', '4'])
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/tag\/keto\?page=3$/)
  })
})

describe('post tags', () => {
  it('link to their tag pages from the post and from its cards', async () => {
    const post: Post = { ...blogPost, content: '<p>Eggs.</p>', metaTitle: '', metaDescription: '', canonicalUrl: '' }
    routes(() => ({ posts: [blogPost], page: 1, hasMore: false }), {
      'GET /api/posts/keto/ten-keto-breakfasts': json({ post, related: [] }),
    })
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/keto/ten-keto-breakfasts' })
    const tags = await screen.findByRole('list', { name: 'Tags' })
    const link = within(tags).getByRole('link', { name: '#low carb' })
    expect(link).toHaveAttribute('href', '/blog/olivias-blog/tag/low-carb')
    await userEvent.click(link)
    expect(screen.getByTestId('location')).toHaveTextContent('/blog/olivias-blog/tag/low-carb')
    expect(await screen.findByRole('heading', { level: 1, name: '#low carb' })).toBeInTheDocument()
  })

  it("link from cards to the tag pages of the card's blog", async () => {
    const other = makePost({ id: 2, title: 'Elsewhere', slug: 'elsewhere', workspaceSlug: 'olivias-blog', url: '/blog/olivias-blog/keto/elsewhere' })
    routes(() => ({ posts: [makePost(), other], page: 1, hasMore: false }))
    renderWithProviders(<AppRoutes />, { route: '/search?q=keto' })
    const [site, blogCard] = await screen.findAllByRole('list', { name: 'Tags' })
    expect(within(site).getByRole('link', { name: '#KETO' })).toHaveAttribute('href', '/tag/keto')
    expect(within(site).getByRole('link', { name: '#LOW CARB' })).toHaveAttribute('href', '/tag/low-carb')
    expect(within(blogCard).getByRole('link', { name: '#KETO' })).toHaveAttribute('href', '/blog/olivias-blog/tag/keto')
  })
})

describe('search page', () => {
  it('prompts for words and asks nothing of the server without them', async () => {
    const fetch = routes(() => ({ posts: [], page: 1, hasMore: false }))
    renderWithProviders(<AppRoutes />, { route: '/search' })
    expect(await screen.findByText('Type a word or two to search the posts.')).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('')
    expect(postsCalls(fetch)).toEqual([])
  })

  it('searches the blog from ?q=, shows loading, then the results and Load more', async () => {
    let release: (r: Response) => void = () => {}
    const first = new Promise<Response>((r) => (release = r))
    const fetch = routes((q) =>
      q.get('page') === '1' ? first : { posts: [makePost({ id: 2, title: 'Keto Lunches', slug: 'keto-lunches' })], page: 2, hasMore: false },
    )
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/search?q=keto' })
    expect(await screen.findByRole('searchbox', { name: 'Search posts' })).toHaveValue('keto')
    expect(await screen.findByLabelText('Loading posts')).toBeInTheDocument()
    release(json({ posts: [blogPost], page: 1, hasMore: true }))
    expect(await screen.findByRole('link', { name: 'Ten Keto Breakfasts' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Results for “keto”' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'Keto Lunches' })).toBeInTheDocument()
    expect(postsCalls(fetch)).toEqual([
      expect.objectContaining({ workspace: 'olivias-blog', q: 'keto', page: '1', limit: '24' }),
      expect.objectContaining({ q: 'keto', page: '2' }),
    ])
  })

  it('submits new words to the address and says when nothing matches', async () => {
    const fetch = routes(() => ({ posts: [], page: 1, hasMore: false }))
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/search' })
    const box = await screen.findByRole('searchbox', { name: 'Search posts' })
    expect(box).toHaveAttribute('maxlength', '200')
    await userEvent.type(box, '  mountain bread ')
    // The page's own form (the blog's header has a search too).
    await userEvent.click(within(box.closest('form')!).getByRole('button', { name: 'Search' }))
    expect(screen.getByTestId('location')).toHaveTextContent('/blog/olivias-blog/search?q=mountain%20bread')
    expect(await screen.findByText('No posts match your search.')).toBeInTheDocument()
    expect(postsCalls(fetch)).toContainEqual(expect.objectContaining({ q: 'mountain bread' }))
  })
})

describe('site home at ?page=N', () => {
  it("lists that page's posts, 12 a page, as the server's home does", async () => {
    const fetch = routes((q) => ({ posts: [makePost({ title: `Page ${q.get('page')} post` })], page: 2, hasMore: false }))
    renderWithProviders(<AppRoutes />, { route: '/?page=2' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Page 2' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Page 2 post' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Newer posts/ })).toHaveAttribute('href', '/')
    expect(postsCalls(fetch)).toEqual([expect.objectContaining({ page: '2', limit: '12' })])
  })
})
