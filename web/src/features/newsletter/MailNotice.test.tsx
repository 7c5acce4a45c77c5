import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import type { Me } from '@/api/types'
import { admin, json, mockFetch, owner, renderWithProviders } from '@/test/utils'
import { useMe } from '@/hooks/useMe'
import { MailNotice } from './MailNotice'

const off = { sending: false, emailsSent: 0, emailsLimit: 5000, verified: true }

/** The page around it has loaded the signed-in user (its session guard does). */
function Page() {
  useMe()
  return <MailNotice mail={off} />
}

function setup(me: Me) {
  mockFetch({ 'GET /api/auth/me': json(me) })
  renderWithProviders(<Page />)
}

describe('MailNotice', () => {
  it('tells an owner what a server without e-mail means for them, in no operator words', async () => {
    setup(owner)
    const note = await screen.findByRole('note')
    expect(note).toHaveTextContent('E-mail is not set up on this server yet: your admin has been told. Until then your subscribers get no e-mails.')
    expect(note.textContent).not.toMatch(/outbox|INKPRESS_|SMTP/)
  })

  it('tells the admin, who runs the server, where the messages go and what to set', async () => {
    setup(admin)
    expect(await screen.findByText(/outbox folder in its data directory/)).toHaveTextContent('INKPRESS_SMTP_URL')
  })
})
