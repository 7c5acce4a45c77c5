import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import type { Category, NewsletterOutlook, Post } from '@/api/types'
import { workspaceResponse } from '@/routes/admin/fixtures'
import { apiError, json, makePost, mockFetch, owner, renderWithProviders } from '@/test/utils'

const keto: Category = { id: 1, name: 'Keto', slug: 'keto', description: '', colorHex: '#10b981', gradient: '', postCount: 2 }

function makeFull(over: Partial<Post> = {}): Post {
  return {
    ...makePost({ id: 9, title: 'Keto on a Budget', slug: 'keto-on-a-budget', status: 'draft', workspaceSlug: 'olivias-blog', url: '/blog/olivias-blog/keto/keto-on-a-budget' }),
    content: '<p>Cheap and good.</p>',
    rawContent: '<p>Cheap and good.</p>',
    metaTitle: '',
    metaDescription: '',
    canonicalUrl: '',
    banners: [],
    coverAlt: '',
    previewUrl: '/preview/9/abc',
    ...over,
  }
}

function setup(post: Post, outlook: NewsletterOutlook, routes: Record<string, unknown> = {}) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/auth/me': json(owner),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace/categories': json({ categories: [keto] }),
    'GET /api/workspace/posts': json({ posts: [], total: 0 }),
    'GET /api/workspace': json(workspaceResponse),
    'GET /api/workspace/posts/9': json({ post }),
    'GET /api/workspace/posts/9/revisions': json({ revisions: [] }),
    'GET /api/workspace/newsletter/outlook': json({ outlook }),
    ...routes,
  })
  renderWithProviders(<AppRoutes />, { route: '/dashboard/posts/9' })
  return { fetch, user: userEvent.setup() }
}

const panel = () => screen.getByRole('region', { name: 'Newsletter' })
const posted = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter((c) => String(c[0]).endsWith(path) && (c[1] as RequestInit | undefined)?.method === 'POST').length

afterEach(() => {
  toast.dismiss()
})

beforeAll(preloadLazyPages)

describe("the desk's newsletter", () => {
  it('says at once what publishing will do', async () => {
    setup(makeFull({ newsletter: 'pending' }), { recipients: 12 })
    expect(await within(await screen.findByRole('region', { name: 'Newsletter' })).findByText('Will be sent to 12 subscribers')).toBeInTheDocument()
  })

  it.each([
    [{ recipients: 0, reason: 'unverified', note: 'confirm your e-mail address first' }, 'Not sent: confirm your e-mail address first'],
    [{ recipients: 0, reason: 'limit', note: "this month's e-mails are used up" }, "Not sent: this month's e-mails are used up"],
  ] as const)('says why a post would not be sent: %s', async (outlook, text) => {
    setup(makeFull({ newsletter: 'pending' }), outlook)
    expect(await within(await screen.findByRole('region', { name: 'Newsletter' })).findByText(text)).toBeInTheDocument()
  })

  it('sends a live post that was not sent, once, and then says it was', async () => {
    const post = makeFull({ status: 'published', newsletter: 'skipped', newsletterNote: 'Published before it could be sent' })
    const { fetch, user } = setup(post, { recipients: 12 }, {
      'POST /api/workspace/posts/9/newsletter/send': json({ post: { ...post, newsletter: 'sent', newsletterNote: '', newsletterRecipients: 12 }, recipients: 12 }),
    })
    expect(await within(await screen.findByRole('region', { name: 'Newsletter' })).findByText('Not sent: Published before it could be sent')).toBeInTheDocument()
    expect(await within(panel()).findByText('Goes to 12 subscribers, once.')).toBeInTheDocument()
    await user.click(within(panel()).getByRole('button', { name: 'Send to subscribers now' }))
    expect(await within(panel()).findByText('Sent to 12 subscribers')).toBeInTheDocument()
    expect(within(panel()).queryByRole('button', { name: 'Send to subscribers now' })).not.toBeInTheDocument()
    expect(await screen.findByText('Newsletter on its way')).toBeInTheDocument()
    expect(posted(fetch, '/api/workspace/posts/9/newsletter/send')).toBe(1)
  })

  it('offers send now only once the server has said it would send', async () => {
    let answer: (r: Response) => void = () => {}
    const post = makeFull({ status: 'published', newsletter: 'off' })
    setup(post, { recipients: 3 }, {
      'GET /api/workspace/newsletter/outlook': () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    const button = await within(await screen.findByRole('region', { name: 'Newsletter' })).findByRole('button', { name: 'Send to subscribers now' })
    expect(button).toBeDisabled()
    answer(new Response(JSON.stringify({ outlook: { recipients: 3 } }), { headers: { 'Content-Type': 'application/json' } }))
    expect(await within(panel()).findByText('Goes to 3 subscribers, once.')).toBeInTheDocument()
    expect(within(panel()).getByRole('button', { name: 'Send to subscribers now' })).toBeEnabled()
  })

  it("shows the server's refusal of a send and keeps the post as it was", async () => {
    const post = makeFull({ status: 'published', newsletter: 'off' })
    const { user } = setup(post, { recipients: 3 }, {
      'POST /api/workspace/posts/9/newsletter/send': apiError(402, 'not_sent_limit', "Not sent: this month's e-mails are used up"),
    })
    await user.click(await within(await screen.findByRole('region', { name: 'Newsletter' })).findByRole('button', { name: 'Send to subscribers now' }))
    expect(await screen.findByText('Newsletter not sent')).toBeInTheDocument()
    expect(screen.getByText("Not sent: this month's e-mails are used up")).toBeInTheDocument()
    expect(within(panel()).getByText("Won't be e-mailed")).toBeInTheDocument()
  })

  it("sends a test to the owner's own address", async () => {
    const { fetch, user } = setup(makeFull({ newsletter: 'pending' }), { recipients: 2 }, {
      'POST /api/workspace/posts/9/newsletter/test': json({ to: owner.user!.email }, 202),
    })
    const region = await screen.findByRole('region', { name: 'Newsletter' })
    expect(await within(region).findByText(new RegExp(`to ${owner.user!.email} only`))).toBeInTheDocument()
    await user.click(within(region).getByRole('button', { name: 'Send me a test' }))
    expect(await screen.findByText(`Sent to ${owner.user!.email} only.`)).toBeInTheDocument()
    expect(posted(fetch, '/api/workspace/posts/9/newsletter/test')).toBe(1)
  })

  it('offers no send the server would refuse: an unconfirmed address, a month used up', async () => {
    const post = makeFull({ status: 'published', newsletter: 'off' })
    document.cookie = 'inkpress_csrf=t; path=/'
    mockFetch({
      'GET /api/auth/me': json({ ...owner, verified: false }),
      'GET /api/categories': json({ categories: [] }),
      'GET /api/workspace/categories': json({ categories: [keto] }),
      'GET /api/workspace/posts': json({ posts: [], total: 0 }),
      'GET /api/workspace': json(workspaceResponse),
      'GET /api/workspace/posts/9': json({ post }),
      'GET /api/workspace/posts/9/revisions': json({ revisions: [] }),
      'GET /api/workspace/newsletter/outlook': json({ outlook: { recipients: 0, reason: 'unverified', note: 'confirm your e-mail address first' } }),
    })
    renderWithProviders(<AppRoutes />, { route: '/dashboard/posts/9' })
    const region = await screen.findByRole('region', { name: 'Newsletter' })
    expect(await within(region).findByText('Not sent: confirm your e-mail address first')).toBeInTheDocument()
    expect(within(region).getByRole('button', { name: 'Send to subscribers now' })).toBeDisabled()
    expect(within(region).getByRole('button', { name: 'Send me a test' })).toBeDisabled()
    expect(within(region).getByText('Confirm your e-mail address first: test e-mails go to it.')).toBeInTheDocument()
  })
})
