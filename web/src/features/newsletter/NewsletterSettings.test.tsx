import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import type { MailStatus, WorkspaceResponse } from '@/api/types'
import { apiError, json, mockFetch, renderWithProviders } from '@/test/utils'
import { workspaceResponse } from '@/routes/admin/fixtures'
import { NewsletterSettings } from './NewsletterSettings'

const ownerData = (mail: Partial<MailStatus> = {}, over: Partial<WorkspaceResponse['settings']> = {}): WorkspaceResponse => ({
  ...workspaceResponse,
  usage: { ...workspaceResponse.usage, unlimited: false },
  settings: { ...workspaceResponse.settings, blogTitle: 'Olivia Writes', newsletterEnabled: true, newsletterFullText: false, ...over },
  mail: { sending: true, emailsSent: 120, emailsLimit: 5000, verified: true, ...mail },
})

function setup(data: WorkspaceResponse, answer?: Parameters<typeof mockFetch>[0][string]) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'PUT /api/workspace/settings': answer ?? (({ body }) => json({ settings: { ...data.settings, ...(body as object) } })),
  })
  renderWithProviders(<NewsletterSettings data={data} subscribersPath="/dashboard/subscribers" />)
  const bodies = () => fetch.mock.calls.map((c) => JSON.parse(String((c[1] as RequestInit).body)) as Record<string, unknown>)
  return { user: userEvent.setup(), bodies }
}

afterEach(() => {
  toast.dismiss()
})

describe('the Newsletter settings', () => {
  it('turns e-mailing new posts off, sending only that choice with the unchanged required fields', async () => {
    const { user, bodies } = setup(ownerData())
    const sw = screen.getByRole('switch', { name: 'E-mail new posts to subscribers' })
    expect(sw).toBeChecked()
    await user.click(sw)
    expect(await screen.findByText('Your newsletter settings have been updated.')).toBeInTheDocument()
    expect(bodies()).toEqual([{ blogTitle: 'Olivia Writes', blogDescription: '', primaryColor: '#6366f1', fontFamily: 'Inter', newsletterEnabled: false }])
    expect(screen.getByRole('switch', { name: 'E-mail new posts to subscribers' })).not.toBeChecked()
  })

  it('chooses the full post instead of the excerpt', async () => {
    const { user, bodies } = setup(ownerData())
    expect(screen.getByRole('radio', { name: 'Send the excerpt' })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: 'Send the full post' }))
    await waitFor(() => expect(bodies()).toHaveLength(1))
    expect(bodies()[0]).toMatchObject({ newsletterFullText: true })
    expect(bodies()[0]).not.toHaveProperty('newsletterEnabled')
    expect(screen.getByRole('radio', { name: 'Send the full post' })).toBeChecked()
  })

  it("saves the reply address with its button, and shows the server's refusal by the field", async () => {
    const { user, bodies } = setup(ownerData())
    const field = screen.getByRole('textbox', { name: 'Reply address' })
    expect(field).toHaveValue('')
    expect(field).toHaveAttribute('placeholder', "Your account's e-mail address")
    const button = screen.getByRole('button', { name: 'Save reply address' })
    expect(button).toBeDisabled()
    await user.type(field, ' hello@olivia.example ')
    await user.click(button)
    await waitFor(() => expect(bodies()).toHaveLength(1))
    expect(bodies()[0]).toMatchObject({ replyTo: 'hello@olivia.example' })
    expect(bodies()[0]).not.toHaveProperty('newsletterEnabled')
    expect(await screen.findByText('Your newsletter settings have been updated.')).toBeInTheDocument()
  })

  it('shows why a reply address was refused', async () => {
    const { user } = setup(ownerData({}, { replyTo: 'old@olivia.example' }), apiError(400, 'invalid_input', 'The reply address must be one e-mail address'))
    const field = screen.getByRole('textbox', { name: 'Reply address' })
    expect(field).toHaveValue('old@olivia.example')
    await user.clear(field)
    await user.type(field, 'a@b.example, c@d.example')
    await user.click(screen.getByRole('button', { name: 'Save reply address' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The reply address must be one e-mail address')
    expect(field).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows the server message and the saved choice when saving fails', async () => {
    const { user } = setup(ownerData(), apiError(400, 'invalid_input', 'Bad settings'))
    await user.click(screen.getByRole('switch', { name: 'E-mail new posts to subscribers' }))
    expect(await screen.findByText('Bad settings')).toBeInTheDocument()
    expect(screen.getByRole('switch', { name: 'E-mail new posts to subscribers' })).toBeChecked()
  })

  it("shows the month's e-mails against the plan, and nothing to worry about when mail goes out", () => {
    setup(ownerData())
    expect(screen.getByText('Newsletter e-mails this month: 120 of 5000')).toBeInTheDocument()
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Subscribers' })).toHaveAttribute('href', '/dashboard/subscribers')
  })

  it('says when sending is off and when newsletters wait for a verified address', () => {
    setup(ownerData({ sending: false, verified: false }))
    const notes = screen.getAllByRole('note').map((n) => n.textContent)
    expect(notes).toEqual([
      'E-mail is not set up on this server yet: your admin has been told. Until then your subscribers get no e-mails.',
      expect.stringContaining('Newsletters wait until your e-mail address is verified'),
    ])
    // the global banner resends the verification; this section has no button of its own
    expect(screen.queryByRole('button', { name: /resend/i })).not.toBeInTheDocument()
  })
})
