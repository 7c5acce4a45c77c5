import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import type { Me } from '@/api/types'
import { apiError, json, mockFetch, owner, renderWithProviders } from '@/test/utils'
import Onboarding from './Onboarding'
import { draftKey } from './draft'

const fresh: Me = { ...owner, onboardingCompleted: false }
const settings = { blogTitle: 'x', blogDescription: '', templateId: 'template-1', primaryColor: '#6366f1', fontFamily: 'Inter', onboardingCompleted: true }
const plan = { id: 'starter', name: 'Starter', betaPrice: 15, regularPrice: 29, postsPerMonth: 30, imagesPerMonth: 30, maxCategories: 4, features: [] }

function setup(routes: Record<string, unknown> = {}) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/auth/me': json(fresh),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace': json({ workspace: owner.workspace, settings, usage: {}, plan, blogUrl: '', rssUrl: '' }),
    ...routes,
  })
  const user = userEvent.setup()
  renderWithProviders(<Onboarding />, { route: '/onboarding', path: '/onboarding' })
  return { fetch, user }
}

afterEach(() => {
  toast.dismiss()
  sessionStorage.clear()
})

describe('onboarding wizard', () => {
  it('validates each step, adds custom categories once, goes back, and completes', async () => {
    const { fetch, user } = setup({ 'POST /api/onboarding': json({ settings }) })
    expect(await screen.findByRole('heading', { name: 'Name your blog' })).toBeInTheDocument()
    const name = screen.getByLabelText('Blog name')
    expect(name).toHaveValue("Olivia's Blog")

    // Step 1: blog name required.
    await user.clear(name)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByText('Please enter a blog name')).toBeInTheDocument()
    expect(name).toHaveAttribute('aria-invalid', 'true')
    await user.type(name, 'Olivia Cooks{Enter}')

    // Step 2: at least one category; Enter adds a custom one; no duplicates or empties. Its heading takes the focus.
    const categoriesHeading = await screen.findByRole('heading', { name: 'Pick your categories' })
    await waitFor(() => expect(categoriesHeading).toHaveFocus())
    expect(screen.getByText('Your Starter plan allows up to 4 categories.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByText('Please select or create at least one category')).toBeInTheDocument()
    const custom = screen.getByLabelText('Custom category')
    await user.type(custom, 'Home Office{Enter}')
    await user.type(custom, 'home office{Enter}')
    await user.type(custom, '   {Enter}')
    const customs = screen.getByRole('list', { name: 'Your custom categories' })
    expect(customs.children).toHaveLength(1)
    expect(customs).toHaveTextContent('Home Office')
    await user.click(screen.getByRole('button', { name: /^Marketing/ }))
    expect(screen.getByText('2/4 selected')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))

    // Step 3: colour scheme and font; Back goes one step down and keeps the choices.
    expect(await screen.findByRole('heading', { name: 'Make it yours' })).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Rose Pink' }))
    await user.click(screen.getByRole('radio', { name: 'Lato' }))
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { name: 'Pick your categories' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Marketing/ })).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('radio', { name: 'Rose Pink' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Complete setup' }))

    // Step 4: done.
    expect(await screen.findByRole('heading', { name: 'Your blog is ready!' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByRole('link', { name: 'View My Posts' })).toHaveAttribute('href', '/dashboard/posts')

    const call = fetch.mock.calls.find((c) => String(c[0]) === '/api/onboarding')
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      blogTitle: 'Olivia Cooks',
      blogDescription: '',
      categories: [
        { name: 'Home Office', slug: 'home-office', colorHex: '#6366f1', description: 'Home Office articles' },
        { name: 'Marketing', slug: 'marketing', colorHex: '#8b5cf6', description: 'Marketing strategies, social media and growth' },
      ],
      primaryColor: '#f43f5e',
      fontFamily: 'Lato',
      // No proposal came (the server had none to give here): the blog keeps its address.
      address: 'olivias-blog',
    })
  })

  it('stops at the plan’s category cap', async () => {
    const { user } = setup()
    await user.type(await screen.findByLabelText('Blog name'), '{Enter}')
    for (const name of [/^Marketing/, /^Technology/, /^Business/, /^Travel/]) {
      await user.click(await screen.findByRole('button', { name }))
    }
    expect(screen.getByText('4/4 selected')).toBeInTheDocument()
    const finance = screen.getByRole('button', { name: /^Finance/ })
    expect(finance).toHaveAttribute('aria-disabled', 'true')
    await user.click(finance)
    expect(finance).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByLabelText('Custom category')).toBeDisabled()
  })

  it("toasts 'Failed to complete setup' and returns to the categories on the server's 403", async () => {
    const { user } = setup({
      'POST /api/onboarding': apiError(403, 'category_limit', 'Your Starter plan allows up to 4 categories. Upgrade to add more.'),
    })
    await user.type(await screen.findByLabelText('Blog name'), '{Enter}')
    await user.click(await screen.findByRole('button', { name: /^Travel/ }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('button', { name: 'Complete setup' }))
    expect(await screen.findByText('Failed to complete setup')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Pick your categories' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Upgrade to add more.')
  })

  it("'Skip for now' completes setup and opens the dashboard", async () => {
    let done = false
    const { user } = setup({
      'GET /api/auth/me': () => json(done ? owner : fresh),
      'POST /api/onboarding/skip': ({ body }: { body: unknown }) => {
        expect(body).toEqual({})
        done = true
        return json({ settings })
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/))
  })

  it("toasts 'Failed to skip onboarding'", async () => {
    const { user } = setup({ 'POST /api/onboarding/skip': apiError(500, 'internal', 'Something broke') })
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }))
    expect(await screen.findByText('Failed to skip onboarding')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/onboarding')
  })

  it('resumes at the same step with the same answers after a reload, and forgets them once done', async () => {
    const first = setup({ 'POST /api/onboarding': json({ settings }) })
    const name = await screen.findByLabelText('Blog name')
    await first.user.clear(name)
    await first.user.type(name, 'Olivia Cooks')
    await first.user.type(screen.getByLabelText(/Description/), 'Recipes')
    await first.user.click(screen.getByRole('button', { name: 'Next' }))
    await first.user.click(await screen.findByRole('button', { name: /^Travel/ }))
    await first.user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Make it yours' })).toBeInTheDocument()
    await first.user.click(screen.getByRole('radio', { name: 'Lato' }))

    // A reload: the page is built again from nothing but the tab's storage.
    cleanup()
    const { user } = setup({ 'POST /api/onboarding': json({ settings }) })
    expect(await screen.findByRole('heading', { name: 'Make it yours' })).toBeInTheDocument()
    expect(screen.getByText(/Step 3 of 4/)).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Lato' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('button', { name: /^Travel/ })).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByLabelText('Blog name')).toHaveValue('Olivia Cooks')
    expect(screen.getByLabelText(/Description/)).toHaveValue('Recipes')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('button', { name: 'Complete setup' }))
    expect(await screen.findByRole('heading', { name: 'Your blog is ready!' })).toBeInTheDocument()
    await waitFor(() => expect(sessionStorage.getItem(draftKey(owner.user!.id))).toBeNull())
  })

  it('forgets the answers when setup is skipped', async () => {
    sessionStorage.setItem(draftKey(owner.user!.id), JSON.stringify({ step: 2, blogTitle: 'x', blogDescription: '', selected: [], primaryColor: '#6366f1', fontFamily: 'Inter' }))
    const { user } = setup({ 'POST /api/onboarding/skip': json({ settings }) })
    expect(await screen.findByRole('heading', { name: 'Pick your categories' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Skip for now' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/))
    expect(sessionStorage.getItem(draftKey(owner.user!.id))).toBeNull()
  })
})
