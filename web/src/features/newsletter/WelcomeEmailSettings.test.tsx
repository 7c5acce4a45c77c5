import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import type { WelcomeEmailResponse } from '@/api/types'
import { apiError, json, mockFetch, renderWithProviders } from '@/test/utils'
import { WelcomeEmailSettings } from './WelcomeEmailSettings'

const off: WelcomeEmailResponse = {
  welcome: { enabled: false, subject: 'Welcome to {blog}', body: 'Thank you for subscribing to {blog}!' },
  maxSubject: 150,
  maxBody: 5000,
}

function setup(put: Parameters<typeof mockFetch>[0][string] = ({ body }) => json({ ...off, welcome: body })) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({ 'GET /api/workspace/newsletter/welcome': json(off), 'PUT /api/workspace/newsletter/welcome': put })
  renderWithProviders(<WelcomeEmailSettings />)
  const puts = () => fetch.mock.calls.filter((c) => (c[1] as RequestInit | undefined)?.method === 'PUT').map((c) => JSON.parse(String((c[1] as RequestInit).body)) as unknown)
  return { user: userEvent.setup(), puts }
}

afterEach(() => {
  toast.dismiss()
})

describe('the welcome e-mail settings', () => {
  it('is off by default and turns on with the edited text', async () => {
    const { user, puts } = setup()
    const sw = await screen.findByRole('switch', { name: 'Send a welcome e-mail to new subscribers' })
    expect(sw).not.toBeChecked()
    expect(screen.getByRole('button', { name: 'Save welcome e-mail' })).toBeDisabled()
    await user.click(sw)
    await user.clear(screen.getByLabelText('Subject'))
    await user.type(screen.getByLabelText('Subject'), 'Hello from {{blog}')
    await user.click(screen.getByRole('button', { name: 'Save welcome e-mail' }))
    expect(await screen.findByText('New subscribers get your welcome e-mail.')).toBeInTheDocument()
    expect(puts()).toEqual([{ enabled: true, subject: 'Hello from {blog}', body: 'Thank you for subscribing to {blog}!' }])
  })

  it("shows the server's refusal next to the text", async () => {
    const { user } = setup(apiError(400, 'invalid_welcome', 'The welcome e-mail needs a text of at most 5000 characters.'))
    await user.click(await screen.findByRole('switch', { name: 'Send a welcome e-mail to new subscribers' }))
    await user.click(screen.getByRole('button', { name: 'Save welcome e-mail' }))
    await waitFor(() => expect(screen.getAllByText('The welcome e-mail needs a text of at most 5000 characters.').length).toBeGreaterThan(0))
    expect(screen.getByText('Error saving settings')).toBeInTheDocument()
  })
})
