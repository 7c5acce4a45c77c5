import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import type { AuthorProfile as Profile } from '@/api/types'
import { json, mockFetch, renderWithProviders } from '@/test/utils'
import { AuthorProfile } from './AuthorProfile'

const profile: Profile = {
  slug: 'olivia',
  displayName: '',
  userName: 'Olivia',
  defaultName: 'Olivia',
  bio: '',
  avatarUrl: '',
  links: [],
  url: 'http://localhost:3000/blog/olivias-blog/author/olivia',
}

function setup(p: Profile = profile) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/workspace/author': json({ profile: p }),
    'GET /api/workspace/media': json({ items: [], limit: 40 }),
    'PUT /api/workspace/author': ({ body }: { body: Record<string, unknown> }) => json({ profile: { ...profile, ...(body as object) } }),
  })
  renderWithProviders(<AuthorProfile />)
  return { fetch, user: userEvent.setup() }
}

afterEach(() => {
  toast.dismiss()
})

describe('AuthorProfile', () => {
  it("starts from the account's name, counts the bio and saves: 'Author profile saved'", async () => {
    const { fetch, user } = setup()
    const name = await screen.findByLabelText('Display name')
    expect(name).toHaveValue('Olivia')
    expect(screen.getByRole('link', { name: 'Your author page' })).toHaveAttribute('href', profile.url)
    await user.clear(name)
    await user.type(name, 'Olivia Stone')
    const bio = screen.getByLabelText('Short bio')
    await user.click(bio)
    await user.paste('x'.repeat(301))
    expect(screen.getByText('301/300 characters')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(screen.getByText('The bio must be at most 300 characters')).toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => c[1]?.method === 'PUT')).toBe(false)

    await user.clear(bio)
    await user.type(bio, 'Cooks keto.')
    await user.click(screen.getByRole('button', { name: 'Add link' }))
    await user.type(screen.getByLabelText('Link 1 address'), 'https://github.com/olivia')
    await user.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(await screen.findByText('Author profile saved')).toBeInTheDocument()
    const call = fetch.mock.calls.find((c) => c[1]?.method === 'PUT')
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      displayName: 'Olivia Stone',
      bio: 'Cooks keto.',
      avatarUrl: '',
      links: [{ network: 'website', url: 'https://github.com/olivia' }],
    })
  })

  it("starts from the platform blog's author name on the site's desk, not the admin's account name", async () => {
    setup({ ...profile, userName: 'Admin', defaultName: 'InkPress Editorial' })
    expect(await screen.findByLabelText('Display name')).toHaveValue('InkPress Editorial')
    expect(screen.getByText("Leave as is to show the blog's author name (InkPress Editorial).")).toBeInTheDocument()
  })
})
