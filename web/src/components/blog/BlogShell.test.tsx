import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '@/App'
import {
  blogBrand,
  blogSettings,
  json,
  makeBlog,
  makeCategory,
  makePost,
  mockFetch,
  owner,
  renderWithProviders,
  visitor,
} from '@/test/utils'
import type { BlogBrand, BlogResponse, Me, Post, PreviewResponse, TemplateId } from '@/api/types'

afterEach(() => {
  document.head.querySelectorAll('meta[name="inkpress-blog"], meta[name="robots"]').forEach((m) => m.remove())
})

const keto = makeCategory()
const fitness = makeCategory({ id: 2, name: 'Fitness', slug: 'fitness' })

const branded: BlogBrand = {
  ...blogBrand,
  logoUrl: '',
  socialLinks: [
    { network: 'x', url: 'https://x.com/olivia' },
    { network: 'instagram', url: 'https://instagram.com/olivia' },
    { network: 'website', url: 'javascript:alert(1)' },
  ],
}

function blogWith(brand: Partial<BlogBrand> = {}, template: TemplateId = 'template-2'): BlogResponse {
  return { ...makeBlog([keto, fitness]), settings: { ...blogSettings, templateId: template }, brand: { ...branded, ...brand } }
}

const summary = makePost({ workspaceSlug: 'olivias-blog', url: '/blog/olivias-blog/keto/ten-keto-breakfasts' })
const post: Post = {
  ...summary,
  content: '<p>Eggs are great.</p>',
  metaTitle: 'Best Keto Breakfasts',
  metaDescription: 'Ideas',
  canonicalUrl: 'http://localhost/blog/olivias-blog/keto/ten-keto-breakfasts',
}

function api(blog: BlogResponse, me: Me = visitor, extra: Record<string, unknown> = {}) {
  return mockFetch({
    'GET /api/site': json({ name: 'InkPress', tagline: 't', siteWorkspace: 'site', baseUrl: 'https://inkpress.dev', blog: '' }),
    'GET /api/auth/me': json(me),
    'GET /api/categories': json({ categories: [keto] }),
    'GET /api/blogs/olivias-blog': json(blog),
    'GET /api/posts': json({ posts: [summary], page: 1, hasMore: false }),
    'GET /api/posts/keto/ten-keto-breakfasts': json({ post, related: [] }),
    ...extra,
  })
}

/** The page's top bar and footer (the first <header>: a page's own headers come after it, inside <main>). */
async function frame() {
  const header = (await screen.findAllByRole('banner'))[0]
  const footer = await screen.findByRole('contentinfo')
  return { header, footer }
}

/** No platform chrome: no sign-in buttons, and the platform's name only in "Powered by". */
function expectNoPlatformChrome(header: HTMLElement, footer: HTMLElement, poweredBy: boolean) {
  expect(screen.queryByRole('link', { name: 'LOGIN' })).not.toBeInTheDocument()
  expect(screen.queryByRole('link', { name: 'SIGNUP' })).not.toBeInTheDocument()
  expect(screen.queryByText('Insights for the Modern Generation')).not.toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'Get fresh insights in your inbox' })).not.toBeInTheDocument()
  expect(header).not.toHaveTextContent(/InkPress/i)
  // The platform's logo mark (a feather) is nowhere in the frame.
  expect(header.querySelector('.lucide-feather')).toBeNull()
  expect(footer.querySelector('.lucide-feather')).toBeNull()
  const rest = footer.textContent?.replace('Powered by InkPress', '') ?? ''
  expect(rest).not.toMatch(/InkPress/i)
  expect(footer.textContent?.includes('Powered by InkPress')).toBe(poweredBy)
}

describe('a workspace blog wears its own frame', () => {
  it.each(['template-1', 'template-2', 'template-3'] as const)('home in %s: header, footer, no platform chrome', async (template) => {
    api(blogWith({}, template))
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog' })
    const { header, footer } = await frame()

    // Header: the title links home; its categories; a search that GETs {home}/search.
    const home = await within(header).findByRole('link', { name: 'Olivia Writes' })
    expect(home).toHaveAttribute('href', '/blog/olivias-blog')
    const sections = within(header).getByRole('navigation', { name: 'Blog sections' })
    expect(within(sections).getByRole('link', { name: 'Keto' })).toHaveAttribute('href', '/blog/olivias-blog/keto')
    expect(within(sections).getByRole('link', { name: 'Fitness' })).toHaveAttribute('href', '/blog/olivias-blog/fitness')
    const search = within(header).getByRole('search')
    expect(search).toHaveAttribute('method', 'get')
    expect(search).toHaveAttribute('action', '/blog/olivias-blog/search')
    expect(within(search).getByRole('searchbox', { name: 'Search this blog' })).toHaveAttribute('name', 'q')
    expect(within(header).getByRole('button', { name: 'Open menu' })).toBeInTheDocument()

    // Footer: the owner's links (new tab, rel me), the feed, name and year, Powered by.
    const social = within(footer).getByRole('list', { name: 'Social links' })
    const links = within(social).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://x.com/olivia', 'https://instagram.com/olivia'])
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank')
      expect(a).toHaveAttribute('rel', 'me noopener')
    }
    expect(within(social).getByRole('link', { name: 'X' })).toBeInTheDocument()
    expect(within(social).getByRole('link', { name: 'Instagram' })).toBeInTheDocument()
    expect(within(footer).getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', 'http://localhost/blog/olivias-blog/feed.xml')
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Olivia Writes`)
    await waitFor(() => expect(within(footer).getByRole('link', { name: 'InkPress' })).toHaveAttribute('href', 'https://inkpress.dev/'))
    expectNoPlatformChrome(header, footer, true)

    // The frame is in the blog's template and colour.
    const theme = header.closest('.blog-theme') as HTMLElement
    expect(theme.dataset.template).toBe(template)
    expect(theme.style.getPropertyValue('--brand')).toBe('#f43f5e')
  })

  it('shows the logo with the title as alt, and hides every platform mark when white-label', async () => {
    api(blogWith({ logoUrl: '/media/7/logo.png', whiteLabel: true }, 'template-1'))
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog' })
    const { header, footer } = await frame()
    const logo = await within(header).findByRole('img', { name: 'Olivia Writes' })
    expect(logo).toHaveAttribute('src', '/media/7/logo.png')
    expect(logo.closest('a')).toHaveAttribute('href', '/blog/olivias-blog')
    expect(footer).toHaveTextContent('Olivia Writes')
    expect(within(footer).queryByText(/Powered by/)).not.toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/InkPress/i)
    expectNoPlatformChrome(header, footer, false)
  })

  it('keeps the frame on category and post pages', async () => {
    api(blogWith())
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/keto' })
    let { header, footer } = await frame()
    expect(await screen.findByRole('heading', { level: 1, name: 'Keto' })).toBeInTheDocument()
    expect(within(header).getByRole('link', { name: 'Keto' })).toHaveAttribute('aria-current', 'page')
    expectNoPlatformChrome(header, footer, true)
    unmount()

    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/keto/ten-keto-breakfasts' })
    ;({ header, footer } = await frame())
    expect(await screen.findByRole('heading', { level: 1, name: 'Ten Keto Breakfasts' })).toBeInTheDocument()
    expect(await within(header).findByRole('link', { name: 'Olivia Writes' })).toHaveAttribute('href', '/blog/olivias-blog')
    expectNoPlatformChrome(header, footer, true)
  })

  it('subscribes the reader to this blog, with its name in the card', async () => {
    const user = userEvent.setup()
    const fetch = api(blogWith(), visitor, { 'POST /api/subscribers': json({ ok: true }, 202) })
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog' })
    const card = (await screen.findByRole('heading', { name: 'Get fresh insights from Olivia Writes in your inbox' })).closest('section') as HTMLElement
    await user.type(within(card).getByLabelText('Email address'), 'reader@example.com')
    await user.click(within(card).getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByText('Check your inbox to confirm your subscription.')).toBeInTheDocument()
    const call = fetch.mock.calls.find((c) => String(c[0]) === '/api/subscribers')
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'reader@example.com', workspace: 'olivias-blog' })
    // Without JavaScript the same form posts itself, naming this blog and this page.
    const form = within(card).getByRole('form', { name: 'Newsletter signup' })
    expect(form).toHaveAttribute('action', '/api/subscribers/form')
    expect(form).toHaveAttribute('method', 'post')
    expect(form.querySelector('input[type=hidden][name=workspace]')).toHaveValue('olivias-blog')
    expect(form.querySelector('input[type=hidden][name=back]')).toHaveValue('/blog/olivias-blog')
  })

  it('searches the blog at {home}/search?q=', async () => {
    const user = userEvent.setup()
    api(blogWith())
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog' })
    const { header } = await frame()
    await user.type(within(header).getByRole('searchbox', { name: 'Search this blog' }), 'keto eggs{Enter}')
    expect(screen.getByTestId('location')).toHaveTextContent('/blog/olivias-blog/search?q=keto%20eggs')
  })

  it('opens a phone menu with the search and the categories, closed by choosing one', async () => {
    const user = userEvent.setup()
    api(blogWith())
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog' })
    const { header } = await frame()
    await user.click(within(header).getByRole('button', { name: 'Open menu' }))
    const menu = await screen.findByRole('dialog', { name: 'Menu' })
    expect(within(menu).getByRole('search')).toHaveAttribute('action', '/blog/olivias-blog/search')
    expect(within(menu).queryByText(/LOGIN|SIGNUP|InkPress/)).not.toBeInTheDocument()
    await user.click(within(menu).getByRole('link', { name: 'Fitness' }))
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/blog\/olivias-blog\/fitness$/)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('gives the owner of the blog a discreet Dashboard link, and nobody else', async () => {
    api(blogWith(), owner)
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog' })
    const { header } = await frame()
    expect(await within(header).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
    unmount()
    api(blogWith(), { ...owner, workspace: { ...owner.workspace!, slug: 'someone-else' } })
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog' })
    const again = await frame()
    await within(again.header).findByRole('link', { name: 'Olivia Writes' })
    expect(within(again.header).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument()
  })

  it('shows the frame of the blog on its custom domain, with root-relative links', async () => {
    const meta = document.createElement('meta')
    meta.name = 'inkpress-blog'
    meta.content = 'olivias-blog'
    document.head.appendChild(meta)
    api(blogWith())
    renderWithProviders(<AppRoutes />, { route: '/' })
    const { header, footer } = await frame()
    expect(await within(header).findByRole('link', { name: 'Olivia Writes' })).toHaveAttribute('href', '/')
    expect(within(header).getByRole('link', { name: 'Keto' })).toHaveAttribute('href', '/keto')
    expect(within(header).getByRole('search')).toHaveAttribute('action', '/search')
    expectNoPlatformChrome(header, footer, true)
  })

  it("shows a custom domain's 404 page in the blog frame", async () => {
    const meta = document.createElement('meta')
    meta.name = 'inkpress-blog'
    meta.content = 'olivias-blog'
    document.head.appendChild(meta)
    api(blogWith())
    renderWithProviders(<AppRoutes />, { route: '/a/b/c' })
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument()
    const { header, footer } = await frame()
    expect(await within(header).findByRole('link', { name: 'Olivia Writes' })).toHaveAttribute('href', '/')
    expectNoPlatformChrome(header, footer, true)
  })

  it('leaves an unknown blog to the platform: Blog not found in its frame', async () => {
    api(blogWith())
    renderWithProviders(<AppRoutes />, { route: '/blog/nobody' })
    expect(await screen.findByRole('heading', { name: 'Blog not found' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'LOGIN' })).toBeInTheDocument()
  })

  it('shows a workspace post preview in its blog frame', async () => {
    const preview: PreviewResponse = {
      post: { ...post, status: 'draft' },
      blog: { name: "Olivia's Blog", slug: 'olivias-blog' },
      settings: blogSettings,
    }
    api(blogWith(), visitor, { 'GET /api/preview/42/tok': json(preview) })
    renderWithProviders(<AppRoutes />, { route: '/preview/42/tok' })
    expect(await screen.findByRole('note', { name: 'Preview' })).toBeInTheDocument()
    const { header, footer } = await frame()
    expect(await within(header).findByRole('link', { name: 'Olivia Writes' })).toHaveAttribute('href', '/blog/olivias-blog')
    expectNoPlatformChrome(header, footer, true)
  })
})

describe("the site's blog keeps the platform frame", () => {
  it('at "/": InkPress bar with LOGIN and SIGNUP, the platform card and footer', async () => {
    api(blogWith())
    renderWithProviders(<AppRoutes />, { route: '/' })
    const { header, footer } = await frame()
    expect(await within(header).findByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/admin/login')
    expect(within(header).getByRole('link', { name: 'SIGNUP' })).toHaveAttribute('href', '/admin/signup')
    expect(screen.getByRole('heading', { name: 'Get fresh insights in your inbox' })).toBeInTheDocument()
    expect(footer).toHaveTextContent('InkPress. All rights reserved.')
    expect(within(header).queryByRole('search')).not.toBeInTheDocument()
  })

  it('on a category and a post of the site', async () => {
    api(blogWith(), visitor, { 'GET /api/posts/keto/ten-keto-breakfasts': json({ post: { ...post, workspaceSlug: 'site' }, related: [] }) })
    renderWithProviders(<AppRoutes />, { route: '/keto/ten-keto-breakfasts' })
    const { header } = await frame()
    expect(await within(header).findByRole('link', { name: 'LOGIN' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Get fresh insights in your inbox' })).toBeInTheDocument()
  })
})
