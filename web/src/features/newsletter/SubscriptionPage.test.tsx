import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '@/App'
import { apiError, json, makeBlog, makeCategory, makePost, mockFetch, renderWithProviders, visitor } from '@/test/utils'

afterEach(() => {
  document.head.querySelectorAll('meta[name="inkpress-blog"], meta[name="robots"]').forEach((m) => m.remove())
})

const keto = makeCategory()

type Answer = Parameters<typeof mockFetch>[0][string]

function api(answers: { confirm?: Answer; unsubscribe?: Answer }, rootBlog = '') {
  return mockFetch({
    'GET /api/site': json({ name: 'InkPress', tagline: 't', siteWorkspace: 'site', baseUrl: 'https://inkpress.dev', blog: rootBlog }),
    'GET /api/auth/me': json(visitor),
    'GET /api/categories': json({ categories: [keto] }),
    'GET /api/blogs/olivias-blog': json(makeBlog([keto])),
    'GET /api/posts': json({ posts: [makePost()], page: 1, hasMore: false }),
    ...(answers.confirm ? { 'POST /api/subscribers/confirm': answers.confirm } : {}),
    ...(answers.unsubscribe ? { 'POST /api/subscribers/unsubscribe': answers.unsubscribe } : {}),
  })
}

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter((c) => String(c[0]) === path).map((c) => JSON.parse(String((c[1] as RequestInit).body)) as unknown)

const confirmed = { status: 'confirmed', blog: 'Olivia Writes', email: 'reader@example.com' }
const left = { status: 'unsubscribed', blog: 'Olivia Writes', email: 'reader@example.com' }

/** Presses the page's button once it can be pressed (at the root, once the host's blog is known). */
async function press(name: string) {
  // Queried again each time: the page remounts when its frame changes.
  await waitFor(() => expect(screen.getByRole('button', { name })).toBeEnabled())
  await userEvent.setup().click(screen.getByRole('button', { name }))
}

describe('the confirmation page', () => {
  it('does nothing on arrival: a link scanner that renders the page confirms nobody', async () => {
    document.cookie = 'inkpress_csrf=t; path=/'
    const fetch = api({ confirm: json(confirmed) })
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/confirm?token=tok-1' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Confirm my subscription' })).toBeEnabled()
    expect(await screen.findByRole('banner')).toHaveTextContent('Olivia Writes')
    expect(calls(fetch, '/api/subscribers/confirm')).toEqual([])
  })

  it("confirms once on the button, in the blog's frame, and says which blog", async () => {
    document.cookie = 'inkpress_csrf=t; path=/'
    const fetch = api({ confirm: json(confirmed) })
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/confirm?token=tok-1' })
    await press('Confirm my subscription')
    expect(await screen.findByRole('heading', { level: 1, name: "You're subscribed to Olivia Writes" })).toBeInTheDocument()
    expect(screen.getByText('reader@example.com')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Read the latest posts' })).toHaveAttribute('href', '/blog/olivias-blog')
    // the blog's own frame, not the category page of a category named "confirm"
    expect(await screen.findByRole('banner')).toHaveTextContent('Olivia Writes')
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await waitFor(() => expect(document.title).toBe('Confirm your subscription | Olivia Writes'))
    expect(calls(fetch, '/api/subscribers/confirm')).toEqual([{ token: 'tok-1', workspace: 'olivias-blog' }])
  })

  it('shows the server message and a way home when the link is invalid or expired', async () => {
    document.cookie = 'inkpress_csrf=t; path=/'
    const fetch = api({ confirm: apiError(404, 'not_found', 'This link is invalid or has expired.') })
    renderWithProviders(<AppRoutes />, { route: '/confirm?token=used' })
    await press('Confirm my subscription')
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't confirm your subscription" })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('This link is invalid or has expired.')
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    // the site's blog: no workspace named, asked once (a 404 is not retried)
    expect(calls(fetch, '/api/subscribers/confirm')).toEqual([{ token: 'used' }])
  })

  it('sends nothing for a link without a token', async () => {
    const fetch = api({ confirm: json(confirmed) })
    renderWithProviders(<AppRoutes />, { route: '/confirm' })
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.')
    expect(calls(fetch, '/api/subscribers/confirm')).toEqual([])
  })
})

describe('the unsubscribe page', () => {
  it('unsubscribes once, on its button, and says a new subscription needs a confirmation', async () => {
    document.cookie = 'inkpress_csrf=t; path=/'
    const fetch = api({ unsubscribe: json(left) })
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/unsubscribe?token=tok-2' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from this newsletter' })).toBeInTheDocument()
    expect(calls(fetch, '/api/subscribers/unsubscribe')).toEqual([])
    await press('Unsubscribe')
    expect(await screen.findByRole('heading', { level: 1, name: "You've been unsubscribed from Olivia Writes" })).toBeInTheDocument()
    expect(screen.getByText("You won't get any more e-mails from this list.")).toBeInTheDocument()
    expect(screen.getByText(/we'll send you a new confirmation e-mail first/)).toBeInTheDocument()
    // the blog's newsletter card is on the page to subscribe again
    const card = (await screen.findByRole('heading', { name: 'Get fresh insights from Olivia Writes in your inbox' })).closest('section') as HTMLElement
    expect(within(card).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument()
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    expect(calls(fetch, '/api/subscribers/unsubscribe')).toEqual([{ token: 'tok-2', workspace: 'olivias-blog' }])
  })

  it("names the custom domain's blog at /unsubscribe", async () => {
    document.cookie = 'inkpress_csrf=t; path=/'
    const fetch = api({ unsubscribe: json(left) }, 'olivias-blog')
    renderWithProviders(<AppRoutes />, { route: '/unsubscribe?token=tok-3' })
    await press('Unsubscribe')
    expect(await screen.findByRole('heading', { level: 1, name: "You've been unsubscribed from Olivia Writes" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    await waitFor(() => expect(calls(fetch, '/api/subscribers/unsubscribe')).toEqual([{ token: 'tok-3', workspace: 'olivias-blog' }]))
  })

  it('shows the error for an unknown token', async () => {
    document.cookie = 'inkpress_csrf=t; path=/'
    const fetch = api({ unsubscribe: apiError(404, 'not_found', 'This link is invalid or has expired.') })
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/unsubscribe?token=nope' })
    await press('Unsubscribe')
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't unsubscribe you" })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('This link is invalid or has expired.')
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/blog/olivias-blog')
    expect(calls(fetch, '/api/subscribers/unsubscribe')).toHaveLength(1)
  })
})
