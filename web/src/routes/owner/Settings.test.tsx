import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import type { WorkspaceResponse } from '@/api/types'
import { apiError, json, mockFetch, owner, renderWithProviders, visitor } from '@/test/utils'

const workspace: WorkspaceResponse = {
  workspace: owner.workspace!,
  settings: { blogTitle: 'Olivia Writes', blogDescription: 'Notes on food', templateId: 'template-2', primaryColor: '#f43f5e', fontFamily: 'Lora', onboardingCompleted: true, reviewAiPosts: false, brandVoice: '', language: 'en', defaultTone: 'professional', defaultLength: 'medium', newsletterEnabled: true, newsletterFullText: false, replyTo: '' },
  usage: { month: '2025-01-01', postsGenerated: 3, postsLimit: 10, imagesGenerated: 1, imagesLimit: 10, trial: true, unlimited: false },
  plan: { id: 'starter', name: 'Starter', betaPrice: 15, regularPrice: 29, postsPerMonth: 30, imagesPerMonth: 30, maxCategories: 4, maxBlogs: 1, customDomain: false, features: [], emailsPerMonth: 5000, maxSubscribers: 1000 },
  blogUrl: 'http://localhost:3000/blog/olivias-blog',
  rssUrl: 'http://localhost:3000/blog/olivias-blog/feed.xml',
  drafts: 0,
  site: false,
  mail: { sending: false, emailsSent: 0, emailsLimit: 5000, verified: true },
  postStorage: { bytes: 0, limitBytes: 52428800, revisionsKept: 10 },
}

function setup(routes: Record<string, unknown> = {}) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/auth/me': json(owner),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace': json(workspace),
    'GET /api/workspace/categories': json({ categories: [] }),
    'GET /api/workspace/domain': json({ domain: null }),
    ...routes,
  })
  const user = userEvent.setup()
  renderWithProviders(<AppRoutes />, { route: '/dashboard/settings' })
  return { fetch, user }
}

const sentSettings = (fetch: ReturnType<typeof mockFetch>) => {
  const call = fetch.mock.calls.find((c) => String(c[0]) === '/api/workspace/settings')
  return JSON.parse(String(call?.[1]?.body))
}

afterEach(() => {
  toast.dismiss()
})

beforeAll(preloadLazyPages)

describe('/dashboard/settings', () => {
  it('sends visitors to /admin/login', async () => {
    mockFetch({ 'GET /api/auth/me': json(visitor), 'GET /api/categories': json({ categories: [] }) })
    renderWithProviders(<AppRoutes />, { route: '/dashboard/settings' })
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login?next=%2Fdashboard%2Fsettings'))
  })

  it("saves blog settings: 'Settings saved'", async () => {
    const { fetch, user } = setup({
      'PUT /api/workspace/settings': ({ body }: { body: Record<string, unknown> }) => json({ settings: { ...body, onboardingCompleted: true } }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    const title = await screen.findByLabelText('Blog title')
    expect(title).toHaveValue('Olivia Writes')
    await user.clear(title)
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(screen.getByText('Please enter a blog name')).toBeInTheDocument()
    await user.type(title, 'Olivia Eats')
    await user.click(screen.getByRole('button', { name: 'Emerald Green' }))
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Settings saved')).toBeInTheDocument()
    expect(screen.getByText('Your blog settings have been updated.')).toBeInTheDocument()
    expect(sentSettings(fetch)).toEqual({
      blogTitle: 'Olivia Eats',
      blogDescription: 'Notes on food',
      templateId: 'template-2',
      primaryColor: '#10b981',
      fontFamily: 'Lora',
      reviewAiPosts: false,
      brandVoice: '',
      language: 'en',
      defaultTone: 'professional',
      defaultLength: 'medium',
    })
  })

  it('sends the writing profile: brand voice (counted to 1000), language, default tone and length', async () => {
    const { fetch, user } = setup({
      'GET /api/workspace': json({ ...workspace, settings: { ...workspace.settings, brandVoice: 'Home cooks.' } }),
      'PUT /api/workspace/settings': ({ body }: { body: Record<string, unknown> }) => json({ settings: { ...body, onboardingCompleted: true } }),
    })
    expect(await screen.findByRole('group', { name: 'Writing profile' })).toBeInTheDocument()
    const voice = screen.getByRole('textbox', { name: 'Brand voice' })
    expect(voice).toHaveValue('Home cooks.')
    expect(voice).toHaveAccessibleDescription('Who you write for, how you sound, words to use and avoid. 11/1000')
    expect(voice).toHaveAttribute('maxlength', '1000')
    await user.type(voice, ' Warm, never preachy.  ')
    expect(screen.getByText('34/1000')).toBeInTheDocument()

    await user.click(screen.getByRole('combobox', { name: 'Language' }))
    await user.click(await screen.findByRole('option', { name: 'Ukrainian' }))
    await user.click(screen.getByRole('combobox', { name: 'Default tone' }))
    await user.click(await screen.findByRole('option', { name: 'Casual' }))
    await user.click(screen.getByRole('combobox', { name: 'Default length' }))
    await user.click(await screen.findByRole('option', { name: 'Long' }))
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Settings saved')).toBeInTheDocument()
    expect(sentSettings(fetch)).toMatchObject({
      brandVoice: 'Home cooks. Warm, never preachy.',
      language: 'uk',
      defaultTone: 'casual',
      defaultLength: 'long',
    })
  })

  it("says under the language that the built-in writer writes English", async () => {
    setup({ 'GET /api/site': json({ name: 'InkPress', tagline: '', siteWorkspace: 'site', baseUrl: 'http://localhost', blog: '', aiProvider: 'builtin' }) })
    const language = await screen.findByRole('combobox', { name: 'Language' })
    await waitFor(() => expect(language).toHaveAccessibleDescription(/built-in writer writes in English/))
  })

  it('says nothing of English under the language with another provider', async () => {
    setup({ 'GET /api/site': json({ name: 'InkPress', tagline: '', siteWorkspace: 'site', baseUrl: 'http://localhost', blog: '', aiProvider: 'openai' }) })
    const language = await screen.findByRole('combobox', { name: 'Language' })
    expect(language).toHaveTextContent('English')
    expect(language).not.toHaveAccessibleDescription(/built-in/)
  })

  it("turns on 'Review AI posts before they go live' (off by default)", async () => {
    const { fetch, user } = setup({
      'PUT /api/workspace/settings': ({ body }: { body: Record<string, unknown> }) => json({ settings: { ...body, onboardingCompleted: true } }),
    })
    const review = await screen.findByRole('switch', { name: 'Review AI posts before they go live' })
    expect(review).not.toBeChecked()
    expect(review).toHaveAccessibleDescription('Scheduled AI posts are saved as drafts for you to review and publish.')
    await user.click(review)
    expect(review).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Settings saved')).toBeInTheDocument()
    expect(sentSettings(fetch)).toMatchObject({ reviewAiPosts: true })
  })

  it("toasts 'Error saving settings'", async () => {
    const { user } = setup({ 'PUT /api/workspace/settings': apiError(400, 'validation', 'Please choose one of the offered fonts') })
    await user.click(await screen.findByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Error saving settings')).toBeInTheDocument()
    expect(screen.getByText('Please choose one of the offered fonts')).toBeInTheDocument()
  })

  it('has the Settings tab current', async () => {
    setup()
    expect(await screen.findByRole('link', { name: 'Settings', current: 'page' })).toHaveAttribute('href', '/dashboard/settings')
  })
})
