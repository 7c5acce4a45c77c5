import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '@/App'
import { VerifyBanner, VERIFY_REMINDER } from '@/components/account/VerifyBanner'
import { AccountSettings } from '@/components/account/AccountSettings'
import { FORGOT_SENT } from '@/routes/ForgotPassword'
import { apiError, json, mockFetch, owner, renderWithProviders, visitor } from '@/test/utils'
import type { Me } from '@/api/types'

function base(me: Me = visitor) {
  document.cookie = 'inkpress_csrf=t; path=/'
  return {
    'GET /api/auth/me': json(me),
    'GET /api/categories': json({ categories: [] }),
  }
}

const called = (fetch: ReturnType<typeof mockFetch>, path: string) => fetch.mock.calls.some((c) => String(c[0]).includes(path))

describe('forgot password', () => {
  it('is linked from both login pages', async () => {
    const user = userEvent.setup()
    mockFetch(base())
    renderWithProviders(<AppRoutes />, { route: '/admin/login' })
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }))
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password')
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument()
  })

  it('checks the address, then always shows the same answer', async () => {
    const user = userEvent.setup()
    const fetch = mockFetch({
      ...base(),
      'POST /api/auth/password/forgot': ({ body }) => {
        expect(body).toEqual({ email: 'who@example.com' })
        return json({ ok: true }, 202)
      },
    })
    renderWithProviders(<AppRoutes />, { route: '/forgot-password' })
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }))
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(called(fetch, '/api/auth/password/forgot')).toBe(false)
    await user.type(screen.getByLabelText('Email'), ' who@example.com ')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText(FORGOT_SENT)).toBeInTheDocument()
  })

  it('shows the rate limit message', async () => {
    const user = userEvent.setup()
    mockFetch({
      ...base(),
      'POST /api/auth/password/forgot': apiError(429, 'rate_limited', 'Too many password reset requests. Try again in 42 minutes.'),
    })
    renderWithProviders(<AppRoutes />, { route: '/forgot-password' })
    await user.type(await screen.findByLabelText('Email'), 'who@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText('Too many password reset requests. Try again in 42 minutes.')).toBeInTheDocument()
    expect(screen.queryByText(FORGOT_SENT)).not.toBeInTheDocument()
  })
})

describe('reset password', () => {
  it('checks both fields, then saves, toasts and goes to /login', async () => {
    const user = userEvent.setup()
    const fetch = mockFetch({
      ...base(),
      'POST /api/auth/password/reset': ({ body }) => {
        expect(body).toEqual({ token: 'tok123', password: 'newpass1' })
        return json({ ok: true })
      },
    })
    renderWithProviders(<AppRoutes />, { route: '/reset-password?token=tok123' })
    await user.type(await screen.findByLabelText('New password'), 'newpass1')
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass2')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument()
    expect(called(fetch, '/api/auth/password/reset')).toBe(false)

    await user.clear(screen.getByLabelText('Confirm new password'))
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass1')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText('Password updated')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'))
  })

  it('shows the server message for a dead link and offers a new one', async () => {
    const user = userEvent.setup()
    mockFetch({
      ...base(),
      'POST /api/auth/password/reset': apiError(400, 'invalid_link', 'This link is invalid or has expired.'),
    })
    renderWithProviders(<AppRoutes />, { route: '/reset-password?token=used' })
    await user.type(await screen.findByLabelText('New password'), 'newpass1')
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass1')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText('This link is invalid or has expired.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password')
  })

  it('keeps the form for a refused password', async () => {
    const user = userEvent.setup()
    mockFetch({
      ...base(),
      'POST /api/auth/password/reset': apiError(400, 'validation', 'Password must be at most 72 bytes'),
    })
    renderWithProviders(<AppRoutes />, { route: '/reset-password?token=t' })
    await user.type(await screen.findByLabelText('New password'), 'newpass1')
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass1')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText('Password must be at most 72 bytes')).toBeInTheDocument()
    expect(screen.getByLabelText('New password')).toBeInTheDocument()
  })
})

describe('e-mailed links', () => {
  it('verifies the address once', async () => {
    const fetch = mockFetch({ ...base(), 'POST /api/account/verify': json({ ok: true }) })
    renderWithProviders(<AppRoutes />, { route: '/verify-email?token=abc' })
    expect(await screen.findByText('Your e-mail address is verified. Thank you!')).toBeInTheDocument()
    expect(fetch.mock.calls.filter((c) => String(c[0]).includes('/api/account/verify')).length).toBe(1)
  })

  it('shows why a verification link failed', async () => {
    mockFetch({ ...base(), 'POST /api/account/verify': apiError(400, 'invalid_link', 'This link is invalid or has expired.') })
    renderWithProviders(<AppRoutes />, { route: '/verify-email?token=old' })
    expect(await screen.findByText('This link is invalid or has expired.')).toBeInTheDocument()
  })

  it('confirms a new address, and refuses a taken one', async () => {
    mockFetch({ ...base(), 'POST /api/account/email/confirm': json({ ok: true }) })
    const first = renderWithProviders(<AppRoutes />, { route: '/confirm-email?token=abc' })
    expect(await screen.findByText(/Your e-mail address is changed/)).toBeInTheDocument()
    first.unmount()

    mockFetch({ ...base(), 'POST /api/account/email/confirm': apiError(409, 'email_taken', 'Another account already uses this e-mail address.') })
    renderWithProviders(<AppRoutes />, { route: '/confirm-email?token=abc' })
    expect(await screen.findByText('Another account already uses this e-mail address.')).toBeInTheDocument()
  })

  it('says a link without a token is invalid without asking the server', async () => {
    const fetch = mockFetch(base())
    renderWithProviders(<AppRoutes />, { route: '/verify-email' })
    expect(await screen.findByText('This link is invalid or has expired.')).toBeInTheDocument()
    expect(called(fetch, '/api/account/verify')).toBe(false)
  })
})

describe('verification reminder', () => {
  it('is hidden for a verified user', async () => {
    const fetch = mockFetch(base(owner))
    renderWithProviders(<VerifyBanner />)
    await waitFor(() => expect(called(fetch, '/api/auth/me')).toBe(true))
    expect(screen.queryByText(VERIFY_REMINDER)).not.toBeInTheDocument()
  })

  it('resends the link and says so, or shows the limit', async () => {
    const user = userEvent.setup()
    let answer = json({ ok: true }, 202)
    mockFetch({ ...base({ ...owner, verified: false }), 'POST /api/account/verify/resend': () => answer })
    renderWithProviders(<VerifyBanner />)
    expect(await screen.findByText(VERIFY_REMINDER)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Resend link' }))
    expect(await screen.findByText('Verification link sent')).toBeInTheDocument()

    answer = apiError(429, 'rate_limited', 'Too many verification e-mails. Try again in 30 minutes.')
    await user.click(screen.getByRole('button', { name: 'Resend link' }))
    expect(await screen.findByText('Too many verification e-mails. Try again in 30 minutes.')).toBeInTheDocument()
  })
})

describe('account settings', () => {
  it('shows the pending address and asks for a change', async () => {
    const user = userEvent.setup()
    mockFetch({
      ...base(owner),
      'GET /api/account': json({ email: 'olivia@example.com', verified: true }),
      'PUT /api/account/email': ({ body }) => {
        expect(body).toEqual({ email: 'new@example.com', password: 'secret1' })
        return json({ email: 'olivia@example.com', verified: true, pendingEmail: 'new@example.com' }, 202)
      },
    })
    renderWithProviders(<AccountSettings />)
    expect(await screen.findByText('olivia@example.com')).toBeInTheDocument()
    expect(screen.getByText('Verified')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }))
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Your current password is required')).toBeInTheDocument()
    await user.type(screen.getByLabelText('New e-mail address'), 'new@example.com')
    await user.type(screen.getByLabelText('Current password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }))
    expect(await screen.findByText('Check your new inbox')).toBeInTheDocument()
    expect(screen.getByText(/Waiting for confirmation/)).toHaveTextContent('new@example.com')
  })

  it('shows a refusal', async () => {
    const user = userEvent.setup()
    mockFetch({
      ...base(owner),
      'GET /api/account': json({ email: 'olivia@example.com', verified: false }),
      'PUT /api/account/email': apiError(409, 'email_taken', 'Another account already uses this e-mail address.'),
    })
    renderWithProviders(<AccountSettings />)
    expect(await screen.findByText('Not verified')).toBeInTheDocument()
    await user.type(screen.getByLabelText('New e-mail address'), 'taken@example.com')
    await user.type(screen.getByLabelText('Current password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Change e-mail address' }))
    expect(await screen.findByText('Another account already uses this e-mail address.')).toBeInTheDocument()
    expect(screen.queryByText(/Waiting for confirmation/)).not.toBeInTheDocument()
  })
})
