import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Navbar } from './Navbar'
import { admin, json, mockFetch, owner, renderWithProviders, visitor } from '@/test/utils'
import type { Category, Me } from '@/api/types'

const categories: Category[] = [
  { id: 1, name: 'Keto', slug: 'keto', description: 'Low carb', colorHex: '#10b981', gradient: '', postCount: 3 },
  { id: 2, name: 'Tech', slug: 'tech', description: 'Gadgets', colorHex: '#0ea5e9', gradient: '', postCount: 1 },
]

function setup(me: Me, cats: Category[] = categories) {
  mockFetch({
    'GET /api/auth/me': json(me),
    'GET /api/categories': json({ categories: cats }),
  })
  return renderWithProviders(<Navbar />)
}

describe('Navbar', () => {
  it('shows LOGIN and SIGNUP to visitors', async () => {
    setup(visitor)
    expect(await screen.findByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/admin/login')
    expect(screen.getByRole('link', { name: 'SIGNUP' })).toHaveAttribute('href', '/admin/signup')
    expect(screen.queryByRole('link', { name: /DASHBOARD/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /ADMIN/ })).not.toBeInTheDocument()
  })

  it('shows DASHBOARD to a signed-in owner', async () => {
    setup(owner)
    expect(await screen.findByRole('link', { name: /DASHBOARD/ })).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByRole('link', { name: 'LOGIN' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /ADMIN/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Logout/ })).toBeInTheDocument()
  })

  it('shows ADMIN instead of DASHBOARD to an admin', async () => {
    setup(admin)
    expect(await screen.findByRole('link', { name: /ADMIN/ })).toHaveAttribute('href', '/admin/dashboard')
    expect(screen.queryByRole('link', { name: /DASHBOARD/ })).not.toBeInTheDocument()
  })

  it('has the main links', async () => {
    setup(visitor)
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(within(nav).getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/posts')
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about')
  })

  it('lists categories in a menu when there are some', async () => {
    const user = userEvent.setup()
    setup(visitor)
    const trigger = await screen.findByRole('button', { name: 'Categories' })
    await user.click(trigger)
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Keto' })).toHaveAttribute('href', '/keto')
    expect(within(menu).getByRole('menuitem', { name: 'Tech' })).toHaveAttribute('href', '/tech')
  })

  it('hides the categories menu when there are none', async () => {
    setup(visitor, [])
    await screen.findByRole('link', { name: 'LOGIN' })
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Categories' })).not.toBeInTheDocument())
  })

  it('opens the side panel and closes it when a link is chosen', async () => {
    const user = userEvent.setup()
    setup(visitor)
    await screen.findByRole('link', { name: 'LOGIN' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    const panel = await screen.findByRole('dialog')
    expect(within(panel).getByRole('link', { name: 'LOGIN' })).toBeInTheDocument()
    expect(await within(panel).findByRole('link', { name: 'Keto' })).toHaveAttribute('href', '/keto')

    await user.click(within(panel).getByRole('link', { name: 'All posts' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByTestId('location')).toHaveTextContent('/posts')
  })

  it('logs out: posts /api/auth/logout, clears the user and goes home', async () => {
    const user = userEvent.setup()
    let me: Me = owner
    document.cookie = 'inkpress_csrf=t; path=/'
    const fetch = mockFetch({
      'GET /api/auth/me': () => json(me),
      'GET /api/categories': json({ categories: [] }),
      'POST /api/auth/logout': () => {
        me = visitor
        return new Response(null, { status: 204 })
      },
    })
    renderWithProviders(<Navbar />, { route: '/dashboard' })
    await user.click(await screen.findByRole('button', { name: /Logout/ }))
    expect(await screen.findByRole('link', { name: 'LOGIN' })).toBeInTheDocument()
    // The user is cleared at once; going home waits for the session to be read again.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/))
    expect(fetch.mock.calls.some((c) => String(c[0]) === '/api/auth/logout')).toBe(true)
  })
})
