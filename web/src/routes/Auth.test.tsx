import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import { admin, apiError, json, mockFetch, owner, renderWithProviders, visitor } from '@/test/utils'
import type { Me } from '@/api/types'

function base(me: Me = visitor) {
  document.cookie = 'inkpress_csrf=t; path=/'
  return {
    'GET /api/auth/me': json(me),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace': apiError(500, 'x', 'not in this test'),
  }
}

// The owner and admin pages are lazy: load them before the tests, not inside their time limits.
beforeAll(preloadLazyPages)

describe('login', () => {
  it('shows validation messages and does not call the server', async () => {
    const user = userEvent.setup()
    const fetch = mockFetch(base())
    renderWithProviders(<AppRoutes />, { route: '/admin/login' })
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')

    await user.type(screen.getByLabelText('Email'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('/api/auth/login'))).toBe(false)
  })

  it("shows 'Signing in...' then toasts success and sends an admin to /admin/dashboard", async () => {
    const user = userEvent.setup()
    let release!: (r: Response) => void
    mockFetch({
      ...base(),
      'POST /api/auth/login': ({ body }) => {
        expect(body).toEqual({ email: 'admin@example.com', password: 'secret1' })
        return new Promise<Response>((r) => (release = r))
      },
      'GET /api/workspace/categories': json({ categories: [] }),
    })
    renderWithProviders(<AppRoutes />, { route: '/admin/login' })
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled()
    release(json(admin))
    expect(await screen.findByText('Login successful')).toBeInTheDocument()
    expect(screen.getByText('Welcome back!')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'))
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument()
  })

  it('sends an owner to a same-site ?next= path', async () => {
    const user = userEvent.setup()
    mockFetch({ ...base(), 'POST /api/auth/login': json(owner), 'GET /api/workspace/posts': json({ posts: [], total: 0 }) })
    renderWithProviders(<AppRoutes />, { route: '/login?next=%2Fdashboard%2Fposts' })
    await user.type(await screen.findByLabelText('Email'), 'olivia@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('heading', { name: 'My Posts' })).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/posts')
  })

  it("toasts 'Login failed' with the server message", async () => {
    const user = userEvent.setup()
    mockFetch({ ...base(), 'POST /api/auth/login': apiError(401, 'invalid_credentials', 'Invalid credentials') })
    renderWithProviders(<AppRoutes />, { route: '/login' })
    await user.type(await screen.findByLabelText('Email'), 'x@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong-pass')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Login failed')).toBeInTheDocument()
    expect(screen.getByText('Invalid credentials')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled()
  })

  it('redirects signed-in users away from the login page', async () => {
    mockFetch({ ...base(admin), 'GET /api/workspace/categories': json({ categories: [] }) })
    renderWithProviders(<AppRoutes />, { route: '/login' })
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument()
  })

  it('links login and signup pages', async () => {
    mockFetch(base())
    renderWithProviders(<AppRoutes />, { route: '/login' })
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
  })
})

describe('signup', () => {
  it('validates name, email and a 6+ character password', async () => {
    const user = userEvent.setup()
    mockFetch(base())
    renderWithProviders(<AppRoutes />, { route: '/signup' })
    await user.click(await screen.findByRole('button', { name: 'Create account' }))
    expect(screen.getByText('Full name is required')).toBeInTheDocument()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Password'), '12345')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
  })

  it("suggests '{name}'s Blog', posts the form and goes to /onboarding", async () => {
    const user = userEvent.setup()
    let sent: unknown
    mockFetch({
      ...base(),
      'POST /api/auth/signup': ({ body }) => {
        sent = body
        return json({ ...owner, onboardingCompleted: false }, 201)
      },
    })
    renderWithProviders(<AppRoutes />, { route: '/admin/signup' })
    expect(await screen.findByPlaceholderText('Your Blog')).toBeInTheDocument()
    await user.type(await screen.findByLabelText('Full Name'), 'Olivia')
    expect(screen.getByPlaceholderText("Olivia's Blog")).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'olivia@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('heading', { name: 'Name your blog' })).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/onboarding')
    expect(sent).toEqual({ name: 'Olivia', email: 'olivia@example.com', password: 'secret1' })
  })

  it("toasts 'Signup failed' with the server message", async () => {
    const user = userEvent.setup()
    mockFetch({ ...base(), 'POST /api/auth/signup': apiError(409, 'email_taken', 'This email is already registered') })
    renderWithProviders(<AppRoutes />, { route: '/signup' })
    await user.type(await screen.findByLabelText('Full Name'), 'Olivia')
    await user.type(screen.getByLabelText('Email'), 'olivia@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Signup failed')).toBeInTheDocument()
    expect(screen.getByText('This email is already registered')).toBeInTheDocument()
  })
})
