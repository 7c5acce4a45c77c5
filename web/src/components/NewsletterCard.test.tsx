import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { NewsletterCard } from './NewsletterCard'
import { apiError, json, mockFetch, renderWithProviders } from '@/test/utils'

function setup() {
  document.cookie = 'inkpress_csrf=t; path=/'
  renderWithProviders(<NewsletterCard />)
  return {
    user: userEvent.setup(),
    input: screen.getByLabelText('Email address') as HTMLInputElement,
    button: screen.getByRole('button', { name: 'Subscribe' }),
  }
}

describe('NewsletterCard', () => {
  it('is a real form that posts itself without JavaScript, naming the page to come back to', () => {
    mockFetch({})
    renderWithProviders(<NewsletterCard />, { route: '/keto?page=2' })
    const form = screen.getByRole('form', { name: 'Newsletter signup' })
    expect(form).toHaveAttribute('action', '/api/subscribers/form')
    expect(form).toHaveAttribute('method', 'post')
    expect(screen.getByLabelText('Email address')).toHaveAttribute('name', 'email')
    expect(form.querySelector('input[type=hidden][name=back]')).toHaveValue('/keto?page=2')
    expect(form.querySelector('input[name=workspace]')).toBeNull()
  })

  it('requires an email of email type', () => {
    mockFetch({})
    const { input } = setup()
    expect(input).toHaveAttribute('type', 'email')
    expect(input).toBeRequired()
  })

  it("shows '...' and disables the button while submitting, then toasts success and clears the field", async () => {
    let release!: (r: Response) => void
    const fetch = mockFetch({
      'POST /api/subscribers': () => new Promise<Response>((resolve) => (release = resolve)),
    })
    const { user, input } = setup()
    await user.type(input, 'reader@example.com')
    await user.click(screen.getByRole('button', { name: 'Subscribe' }))

    const busy = await screen.findByRole('button', { name: '...' })
    expect(busy).toBeDisabled()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String((fetch.mock.calls[0][1] as RequestInit).body))).toEqual({ email: 'reader@example.com' })

    release(json({ ok: true }, 202))
    expect(await screen.findByText('Success!')).toBeInTheDocument()
    expect(screen.getByText('Check your inbox to confirm your subscription.')).toBeInTheDocument()
    await waitFor(() => expect(input.value).toBe(''))
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled()
  })

  it('toasts the server message when there were too many tries, and keeps the address', async () => {
    mockFetch({ 'POST /api/subscribers': apiError(429, 'rate_limited', 'Too many attempts. Please try again later.') })
    const { user, input, button } = setup()
    await user.type(input, 'reader@example.com')
    await user.click(button)
    expect(await screen.findByText('Error')).toBeInTheDocument()
    expect(screen.getByText('Too many attempts. Please try again later.')).toBeInTheDocument()
    expect(input.value).toBe('reader@example.com')
  })

  it('toasts Error with the server message on other failures', async () => {
    mockFetch({ 'POST /api/subscribers': apiError(400, 'invalid_email', 'Please enter a valid email address') })
    const { user, input, button } = setup()
    await user.type(input, 'reader@example.com')
    await user.click(button)
    expect(await screen.findByText('Error')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument()
  })
})
