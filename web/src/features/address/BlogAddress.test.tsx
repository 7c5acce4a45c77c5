import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import type { AddressCheck, Me, WorkspaceResponse } from '@/api/types'
import { apiError, json, mockFetch, owner, renderWithProviders } from '@/test/utils'
import Onboarding from '@/features/onboarding/Onboarding'

const fresh: Me = { ...owner, onboardingCompleted: false }
const settings = { blogTitle: 'x', blogDescription: '', templateId: 'template-1', primaryColor: '#6366f1', fontFamily: 'Inter', onboardingCompleted: true }
const plan = { id: 'starter', name: 'Starter', betaPrice: 15, regularPrice: 29, postsPerMonth: 30, imagesPerMonth: 30, maxCategories: 4, maxBlogs: 1, customDomain: false, features: [], emailsPerMonth: 5000, maxSubscribers: 1000 }
const TAKEN = 'The address "taken-desk" is taken: please choose another one'

/** The server's answers: a name's proposal is its slug; "taken-desk" is another blog's; the blog's own is free. */
function addressAnswer({ url }: { url: URL }) {
  const name = url.searchParams.get('name')
  if (name !== null) return json({ address: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), available: true, message: '' } satisfies AddressCheck)
  const address = url.searchParams.get('address') ?? ''
  const taken = address === 'taken-desk'
  return json({ address, available: !taken, message: taken ? TAKEN : '' } satisfies AddressCheck)
}

const asked = (fetch: ReturnType<typeof mockFetch>, key: string) =>
  fetch.mock.calls.map((c) => new URL(String(c[0]), 'http://localhost')).filter((u) => u.pathname === '/api/workspace/address').map((u) => u.searchParams.get(key))

afterEach(() => {
  toast.dismiss()
  sessionStorage.clear()
})

beforeAll(preloadLazyPages)

describe("onboarding's blog address", () => {
  function setup(routes: Record<string, unknown> = {}) {
    document.cookie = 'inkpress_csrf=t; path=/'
    const fetch = mockFetch({
      'GET /api/auth/me': json(fresh),
      'GET /api/categories': json({ categories: [] }),
      'GET /api/site': json({ name: 'InkPress', tagline: 't', siteWorkspace: 'site', baseUrl: 'https://inkpress.dev', blog: '' }),
      'GET /api/workspace': json({ workspace: owner.workspace, settings, usage: {}, plan, blogUrl: '', rssUrl: '' }),
      'GET /api/workspace/address': addressAnswer,
      ...routes,
    })
    renderWithProviders(<Onboarding />, { route: '/onboarding', path: '/onboarding' })
    return { fetch, user: userEvent.setup() }
  }

  it("proposes one from the blog's name, checks the owner's own as they type, and sends the chosen one", async () => {
    const { fetch, user } = setup({ 'POST /api/onboarding': json({ settings }) })
    const name = await screen.findByLabelText('Blog name')
    const address = screen.getByLabelText('Blog address')
    expect(await screen.findByText('inkpress.dev')).toBeInTheDocument()
    await user.clear(name)
    await user.type(name, 'Slow Mornings')
    // The proposal follows the name, once typing pauses, and is free.
    await waitFor(() => expect(address).toHaveValue('slow-mornings'))
    expect(await screen.findByText('Available')).toBeInTheDocument()
    expect(asked(fetch, 'name')).toContain('Slow Mornings')

    // Written by hand: checked as typed, and the refusal is said; Next stays on the step.
    await user.clear(address)
    await user.type(address, 'Taken-Desk')
    expect(address).toHaveValue('taken-desk')
    expect(await screen.findByText(TAKEN)).toBeInTheDocument()
    expect(address).toHaveAttribute('aria-invalid', 'true')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('heading', { name: 'Name your blog' })).toBeInTheDocument()
    // The name no longer moves an address written by hand.
    await user.type(name, ' Club')
    await user.clear(address)
    expect(await screen.findByText('Please enter a blog address')).toBeInTheDocument()
    await user.type(address, 'mornings')
    expect(await screen.findByText('Available')).toBeInTheDocument()
    expect(asked(fetch, 'address')).toContain('mornings')

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('button', { name: /^Travel/ }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('button', { name: 'Complete setup' }))
    expect(await screen.findByRole('heading', { name: 'Your blog is ready!' })).toBeInTheDocument()
    const call = fetch.mock.calls.find((c) => String(c[0]) === '/api/onboarding')
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ blogTitle: 'Slow Mornings Club', address: 'mornings' })
  })

  it('goes back to the address when it was taken meanwhile', async () => {
    const { user } = setup({ 'POST /api/onboarding': apiError(409, 'address_taken', 'The address "olivias-blog-2" is taken: please choose another one') })
    const address = await screen.findByLabelText('Blog address')
    await user.clear(address)
    await user.type(address, 'olivias-blog-2')
    expect(await screen.findByText('Available')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('button', { name: /^Travel/ }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('button', { name: 'Complete setup' }))
    expect(await screen.findByText('Failed to complete setup')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Name your blog' })).toBeInTheDocument()
    expect(screen.getAllByText('The address "olivias-blog-2" is taken: please choose another one').length).toBeGreaterThan(0)
    expect(screen.getByLabelText('Blog address')).toHaveAttribute('aria-invalid', 'true')
  })
})

describe("Settings' blog address", () => {
  const workspace: WorkspaceResponse = {
    workspace: owner.workspace!,
    settings: { blogTitle: 'Olivia Writes', blogDescription: '', templateId: 'template-2', primaryColor: '#f43f5e', fontFamily: 'Lora', onboardingCompleted: true, reviewAiPosts: false, brandVoice: '', language: 'en', defaultTone: 'professional', defaultLength: 'medium', newsletterEnabled: true, newsletterFullText: false, replyTo: '' },
    usage: { month: '2025-01-01', postsGenerated: 0, postsLimit: 10, imagesGenerated: 0, imagesLimit: 10, trial: true, unlimited: false },
    plan,
    blogUrl: 'https://inkpress.dev/blog/olivias-blog',
    rssUrl: 'https://inkpress.dev/blog/olivias-blog/feed.xml',
    drafts: 0,
    site: false,
    mail: { sending: false, emailsSent: 0, emailsLimit: 5000, verified: true },
    postStorage: { bytes: 0, limitBytes: 52428800, revisionsKept: 10 },
  }

  function setup(routes: Record<string, unknown> = {}, ws = workspace) {
    document.cookie = 'inkpress_csrf=t; path=/'
    const fetch = mockFetch({
      'GET /api/auth/me': json(owner),
      'GET /api/categories': json({ categories: [] }),
      'GET /api/site': json({ name: 'InkPress', tagline: 't', siteWorkspace: 'site', baseUrl: 'https://inkpress.dev', blog: '' }),
      'GET /api/workspace': json(ws),
      'GET /api/workspace/categories': json({ categories: [] }),
      'GET /api/workspace/domain': json({ domain: null }),
      'GET /api/workspace/address': addressAnswer,
      ...routes,
    })
    renderWithProviders(<AppRoutes />, { route: '/dashboard/settings' })
    return { fetch, user: userEvent.setup() }
  }

  it("refuses a taken address before saving, and saves a free one: 'Settings saved'", async () => {
    const { fetch, user } = setup({
      'PUT /api/workspace/address': ({ body }: { body: { address: string } }) =>
        json({ workspace: { ...owner.workspace!, slug: body.address }, blogUrl: `https://inkpress.dev/blog/${body.address}`, rssUrl: '' }),
    })
    const address = await screen.findByLabelText('Blog address')
    expect(address).toHaveValue('olivias-blog')
    const save = screen.getByRole('button', { name: 'Save address' })
    expect(save).toBeDisabled() // nothing changed
    await user.clear(address)
    await user.type(address, 'taken-desk')
    expect(await screen.findByText(TAKEN)).toBeInTheDocument()
    expect(save).toBeDisabled()
    await user.clear(address)
    await user.type(address, 'olivia-eats')
    expect(await screen.findByText('Available')).toBeInTheDocument()
    await waitFor(() => expect(save).toBeEnabled())
    await user.click(save)
    expect(await screen.findByText('Settings saved')).toBeInTheDocument()
    const put = fetch.mock.calls.find((c) => String(c[0]) === '/api/workspace/address' && c[1]?.method === 'PUT')
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ address: 'olivia-eats' })
  })

  it("shows the server's refusal: 'Error saving settings'", async () => {
    const { user } = setup({ 'PUT /api/workspace/address': apiError(409, 'address_taken', 'The address "olivia-eats" is taken: please choose another one') })
    const address = await screen.findByLabelText('Blog address')
    await user.clear(address)
    await user.type(address, 'olivia-eats')
    const save = screen.getByRole('button', { name: 'Save address' })
    await waitFor(() => expect(save).toBeEnabled())
    await user.click(save)
    expect(await screen.findByText('Error saving settings')).toBeInTheDocument()
    expect(address).toHaveAttribute('aria-invalid', 'true')
  })

  it("is not offered on the site's own blog (the server's configuration names it)", async () => {
    setup({}, { ...workspace, site: true })
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    await screen.findByLabelText('Blog title') // the settings are shown
    expect(screen.queryByLabelText('Blog address')).not.toBeInTheDocument()
  })
})
