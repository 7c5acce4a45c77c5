import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { PasswordSettings } from '@/components/account/PasswordSettings'
import { apiError, json, mockFetch, owner, renderWithProviders } from '@/test/utils'

function base() {
  document.cookie = 'inkpress_csrf=t; path=/'
  return { 'GET /api/auth/me': json(owner) }
}

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) => fetch.mock.calls.filter((c) => String(c[0]).includes(path)).length

describe('change password', () => {
  it('checks the fields first, then sends the current and the new password', async () => {
    const user = userEvent.setup()
    const fetch = mockFetch({
      ...base(),
      'PUT /api/account/password': ({ body }) => {
        expect(body).toEqual({ current: 'secret1', password: 'newpass1' })
        return json({ ok: true })
      },
    })
    renderWithProviders(<PasswordSettings />)
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(screen.getByText('Your current password is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Current password'), 'secret1')
    await user.type(screen.getByLabelText('New password'), 'abc')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('New password'))
    await user.type(screen.getByLabelText('New password'), 'newpass1')
    await user.type(screen.getByLabelText('Repeat the new password'), 'newpass2')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(screen.getByText('The two passwords do not match')).toBeInTheDocument()
    expect(calls(fetch, '/api/account/password')).toBe(0)

    await user.clear(screen.getByLabelText('Repeat the new password'))
    await user.type(screen.getByLabelText('Repeat the new password'), 'newpass1')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Password changed')).toBeInTheDocument()
    expect(calls(fetch, '/api/account/password')).toBe(1)
    expect(screen.getByLabelText('Current password')).toHaveValue('')
  })

  it("shows the server's refusal and keeps what was typed", async () => {
    const user = userEvent.setup()
    mockFetch({ ...base(), 'PUT /api/account/password': apiError(400, 'wrong_password', 'Your current password is incorrect.') })
    renderWithProviders(<PasswordSettings />)
    await user.type(screen.getByLabelText('Current password'), 'wrongone')
    await user.type(screen.getByLabelText('New password'), 'newpass1')
    await user.type(screen.getByLabelText('Repeat the new password'), 'newpass1')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument()
    expect(screen.getByText('Could not change your password')).toBeInTheDocument()
    expect(screen.getByLabelText('Current password')).toHaveValue('wrongone')
  })
})
