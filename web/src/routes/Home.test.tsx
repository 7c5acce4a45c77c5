import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import { apiError, json, mockFetch, owner, renderWithProviders, visitor } from '@/test/utils'
import type { Me } from '@/api/types'

// The onboarding page is lazy: load it before the tests, not inside their time limits.
beforeAll(preloadLazyPages)

function routes(me: Me, extra: Record<string, unknown> = {}) {
  document.cookie = 'inkpress_csrf=t; path=/'
  return {
    'GET /api/auth/me': json(me),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/posts': json({ posts: [], page: 1, hasMore: false }),
    ...extra,
  }
}

async function signupForm() {
  const section = (await screen.findByRole('heading', { name: 'Launch your own AI-powered blog' })).closest('section')!
  return within(section).getByRole('form', { name: 'Sign up' })
}

describe('home sign-up block', () => {
  it('is a real form: validates in place without calling the server', async () => {
    const user = userEvent.setup()
    const fetch = mockFetch(routes(visitor))
    renderWithProviders(<AppRoutes />, { route: '/' })
    const form = await signupForm()
    expect(within(form).getByPlaceholderText('Your Blog')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Create account' }))
    expect(within(form).getByText('Full name is required')).toBeInTheDocument()
    expect(within(form).getByText('Email is required')).toBeInTheDocument()
    expect(within(form).getByText('Password is required')).toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('/api/auth/signup'))).toBe(false)
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/)
  })

  it('creates the account in place with POST /api/auth/signup and goes on to /onboarding', async () => {
    const user = userEvent.setup()
    let sent: unknown
    mockFetch(
      routes(visitor, {
        'POST /api/auth/signup': ({ body }: { body: unknown }) => {
          sent = body
          return json({ ...owner, onboardingCompleted: false }, 201)
        },
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/' })
    const form = await signupForm()
    await user.type(within(form).getByLabelText('Full Name'), 'Olivia')
    expect(within(form).getByPlaceholderText("Olivia's Blog")).toBeInTheDocument()
    await user.type(within(form).getByLabelText('Email'), 'olivia@example.com')
    await user.type(within(form).getByLabelText('Password'), 'secret1')
    await user.type(within(form).getByLabelText(/Blog Name/), 'Olivia Writes')
    await user.click(within(form).getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('heading', { name: 'Name your blog' })).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/onboarding')
    expect(sent).toEqual({ name: 'Olivia', email: 'olivia@example.com', password: 'secret1', blogName: 'Olivia Writes' })
  })

  it("toasts 'Signup failed' with the server message and stays on the home page", async () => {
    const user = userEvent.setup()
    mockFetch(routes(visitor, { 'POST /api/auth/signup': apiError(409, 'email_taken', 'This email is already registered') }))
    renderWithProviders(<AppRoutes />, { route: '/' })
    const form = await signupForm()
    await user.type(within(form).getByLabelText('Full Name'), 'Olivia')
    await user.type(within(form).getByLabelText('Email'), 'olivia@example.com')
    await user.type(within(form).getByLabelText('Password'), 'secret1')
    await user.click(within(form).getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Signup failed')).toBeInTheDocument()
    expect(screen.getByText('This email is already registered')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/)
  })

  it('offers a signed-in owner the dashboard instead of the form', async () => {
    mockFetch(routes(owner))
    renderWithProviders(<AppRoutes />, { route: '/' })
    expect(await screen.findByRole('link', { name: /Go to your dashboard/ })).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument()
  })
})
