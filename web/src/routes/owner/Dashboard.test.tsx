import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import type { Me, Usage, WorkspaceResponse } from '@/api/types'
import { admin, apiError, json, mockFetch, owner, renderWithProviders } from '@/test/utils'

function workspace(usage: Partial<Usage> = {}, over: Partial<WorkspaceResponse> = {}): WorkspaceResponse {
  return {
    workspace: owner.workspace!,
    settings: { blogTitle: 'Olivia Writes', blogDescription: 'Notes on food', templateId: 'template-2', primaryColor: '#f43f5e', fontFamily: 'Lora', onboardingCompleted: true, reviewAiPosts: false, brandVoice: '', language: 'en', defaultTone: 'professional', defaultLength: 'medium', newsletterEnabled: true, newsletterFullText: false, replyTo: '' },
    usage: { month: '2025-01-01', postsGenerated: 3, postsLimit: 10, imagesGenerated: 1, imagesLimit: 10, trial: true, unlimited: false, ...usage },
    plan: { id: 'starter', name: 'Starter', betaPrice: 15, regularPrice: 29, postsPerMonth: 30, imagesPerMonth: 30, maxCategories: 4, maxBlogs: 1, customDomain: false, features: [], emailsPerMonth: 5000, maxSubscribers: 1000 },
    blogUrl: 'http://localhost:3000/blog/olivias-blog',
    rssUrl: 'http://localhost:3000/blog/olivias-blog/feed.xml',
    drafts: 0,
    site: false,
  mail: { sending: false, emailsSent: 0, emailsLimit: 5000, verified: true },
  postStorage: { bytes: 0, limitBytes: 52428800, revisionsKept: 10 },
    ...over,
  }
}

function setup(ws: WorkspaceResponse, routes: Record<string, unknown> = {}, me: Me = owner) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/auth/me': json(me),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace': json(ws),
    'GET /api/workspace/categories': json({ categories: [] }),
    ...routes,
  })
  const user = userEvent.setup()
  renderWithProviders(<AppRoutes />, { route: '/dashboard' })
  return { fetch, user }
}

afterEach(() => {
  toast.dismiss()
})

// The owner and admin pages are lazy: load them before the tests, not inside their time limits.
beforeAll(preloadLazyPages)

describe('owner dashboard', () => {
  it('shows usage, plan, URLs and shortcuts', async () => {
    setup(workspace())
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument()
    const posts = await screen.findByRole('progressbar', { name: 'Posts this month used' })
    expect(posts).toHaveAttribute('aria-valuenow', '30')
    expect(screen.getByRole('progressbar', { name: 'Images this month used' })).toHaveAttribute('aria-valuenow', '10')
    expect(screen.getByText('Starter')).toBeInTheDocument()
    expect(screen.getByText('Free trial')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /http:\/\/localhost:3000\/blog\/olivias-blog\/feed\.xml/ })).toBeInTheDocument()
    expect(screen.queryByText('Running low on posts/images. Consider upgrading!')).not.toBeInTheDocument()
    const shortcuts = screen.getByRole('heading', { name: 'Shortcuts' }).closest('div')!.parentElement!
    expect(within(shortcuts).getByRole('link', { name: /My Posts/ })).toHaveAttribute('href', '/dashboard/posts')
    expect(within(shortcuts).getByRole('link', { name: /All posts/ })).toHaveAttribute('href', '/dashboard/all-posts')
    expect(within(shortcuts).getByRole('link', { name: /View blog/ })).toHaveAttribute('href', '/blog/olivias-blog')
  })

  it.each([
    ['posts at 80%', { postsGenerated: 8 }, true],
    ['images at 90%', { imagesGenerated: 9 }, true],
    ['both at 70%', { postsGenerated: 7, imagesGenerated: 7 }, false],
  ])('usage warning: %s -> %s', async (_, usage, shown) => {
    setup(workspace(usage))
    await screen.findByRole('progressbar', { name: 'Posts this month used' })
    expect(Boolean(screen.queryByText('Running low on posts/images. Consider upgrading!'))).toBe(shown)
  })

  it("shows 'Admin - Unlimited Access' and infinity for unlimited workspaces", async () => {
    const ws = workspace(
      { postsGenerated: 120, postsLimit: 999999, imagesGenerated: 40, imagesLimit: 999999, unlimited: true, trial: false },
      { workspace: { ...owner.workspace!, planTier: 'admin' } },
    )
    setup(ws)
    expect(await screen.findByText('Admin - Unlimited Access')).toBeInTheDocument()
    expect(screen.getAllByLabelText('unlimited')).toHaveLength(3)
    expect(screen.queryByText('Running low on posts/images. Consider upgrading!')).not.toBeInTheDocument()
  })

  it("shows the month's newsletter e-mails and, in one line, that sending is off", async () => {
    setup(workspace({}, { mail: { sending: false, emailsSent: 4200, emailsLimit: 5000, verified: true } }))
    const bar = await screen.findByRole('progressbar', { name: 'Newsletter e-mails used' })
    expect(bar).toHaveAttribute('aria-valuetext', '4200 of 5000 used (84%)')
    expect(screen.getByRole('note')).toHaveTextContent('E-mail is not set up on this server yet: your admin has been told. Until then your subscribers get no e-mails.')
    const shortcuts = screen.getByText('Shortcuts').closest('div')?.parentElement as HTMLElement
    expect(within(shortcuts).getByRole('link', { name: /Subscribers/ })).toHaveAttribute('href', '/dashboard/subscribers')
  })

  it('says nothing about mail when it goes out', async () => {
    setup(workspace({}, { mail: { sending: true, emailsSent: 0, emailsLimit: 5000, verified: true } }))
    await screen.findByRole('progressbar', { name: 'Newsletter e-mails used' })
    expect(screen.queryByText(/E-mail sending is off/)).not.toBeInTheDocument()
  })

  it('sends admins to the admin dashboard', async () => {
    setup(workspace(), {}, admin)
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'))
  })

  it("copies URLs: 'Copied to clipboard', or 'Copy failed' / 'Please copy manually'", async () => {
    const { user } = setup(workspace())
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'))
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(await screen.findByRole('button', { name: 'Copy RSS feed URL' }))
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/blog/olivias-blog/feed.xml')
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Copy Blog URL' }))
    expect(await screen.findByText('Copy failed')).toBeInTheDocument()
    expect(screen.getByText('Please copy manually')).toBeInTheDocument()
  })

  it('shows the blog settings with a link to their page', async () => {
    setup(workspace({}, { settings: { ...workspace().settings, reviewAiPosts: true } }))
    const card = (await screen.findByRole('heading', { name: 'Blog settings' })).closest('div')!.parentElement!.parentElement!
    expect(within(card).getByText('Olivia Writes')).toBeInTheDocument()
    expect(within(card).getByText('Classic')).toBeInTheDocument()
    expect(within(card).getByText('Lora')).toBeInTheDocument()
    expect(within(card).getByText('Saved as drafts for you to review')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Edit settings' })).toHaveAttribute('href', '/dashboard/settings')
  })

  it.each([
    [0, null],
    [1, 'You have 1 draft to review'],
    [3, 'You have 3 drafts to review'],
  ])('drafts notice for %i drafts', async (drafts, text) => {
    setup(workspace({}, { drafts }))
    await screen.findByRole('progressbar', { name: 'Posts this month used' })
    if (text === null) {
      expect(screen.queryByText(/drafts? to review/)).not.toBeInTheDocument()
      return
    }
    expect(screen.getByRole('link', { name: text })).toHaveAttribute('href', '/dashboard/posts?status=draft')
  })

  it('has the owner’s section tabs with Dashboard current', async () => {
    setup(workspace())
    const nav = await screen.findByRole('navigation', { name: 'Dashboard sections' })
    const links = within(nav).getAllByRole('link').map((a) => [a.textContent?.replace(' (opens in a new tab)', '').trim(), a.getAttribute('href')])
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['Posts', '/dashboard/posts'],
      ['Schedule', '/dashboard/schedule'],
      ['Categories', '/dashboard/categories'],
      ['Media library', '/dashboard/media'],
      ['Subscribers', '/dashboard/subscribers'],
      ['Settings', '/dashboard/settings'],
      ['View blog', '/blog/olivias-blog'],
    ])
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Posts' })).not.toHaveAttribute('aria-current')
  })

  it("toasts 'Error loading workspace'", async () => {
    setup(workspace(), { 'GET /api/workspace': apiError(500, 'internal', 'Database down') })
    expect(await screen.findByText('Error loading workspace')).toBeInTheDocument()
  })

  it('opens the generate dialog from the header and the shortcuts', async () => {
    const { user } = setup(workspace())
    await user.click((await screen.findAllByRole('button', { name: /Generate post/ }))[0])
    expect(await screen.findByRole('dialog', { name: 'Generate a new post' })).toBeInTheDocument()
  })
})
