import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import { admin, apiError, json, mockFetch, renderWithProviders } from '@/test/utils'
import { filed } from '@/components/admin/categories'
import { keto, tech, workspaceResponse } from './fixtures'

function setup(routes: Record<string, unknown> = {}) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/auth/me': json(admin),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace': json(workspaceResponse),
    'GET /api/workspace/categories': json({ categories: [keto, tech] }),
    ...routes,
  })
  const user = userEvent.setup()
  renderWithProviders(<AppRoutes />, { route: '/admin/categories' })
  return { fetch, user }
}

const table = () => screen.getByRole('table', { name: 'Categories' })
const sent = (fetch: ReturnType<typeof mockFetch>, method: string) => {
  const call = fetch.mock.calls.find((c) => c[1]?.method === method)
  return call ? { url: String(call[0]), body: call[1]?.body ? JSON.parse(String(call[1].body)) : undefined } : undefined
}

afterEach(() => {
  toast.dismiss()
})

// The owner and admin pages are lazy: load them before the tests, not inside their time limits.
beforeAll(preloadLazyPages)

describe('/admin/categories', () => {
  it("lists categories under 'Category Management' with a colour swatch", async () => {
    setup()
    expect(await screen.findByRole('heading', { level: 1, name: 'Category Management' })).toBeInTheDocument()
    await screen.findByRole('table', { name: 'Categories' })
    const headers = within(table()).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Name', 'Slug', 'Description', 'Color', 'Actions'])
    const row = within(table()).getByRole('row', { name: /Keto/ })
    expect(within(row).getByText('Low-carb living')).toBeInTheDocument()
    expect(within(row).getByText('#10b981')).toBeInTheDocument()
  })

  it("adds a category (slug follows the name): 'Category created successfully'", async () => {
    const { fetch, user } = setup({ 'POST /api/workspace/categories': ({ body }: { body: object }) => json({ category: { ...keto, id: 3, ...body } }, 201) })
    await screen.findByRole('table', { name: 'Categories' })
    await user.click(screen.getByRole('button', { name: 'Add Category' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' })
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }))
    expect(await within(dialog).findByText('Slug is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Slug')).toBeEnabled()
    await user.type(within(dialog).getByLabelText('Name'), 'Home Office')
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('home-office')
    await user.type(within(dialog).getByLabelText('Description'), 'Desks and chairs')
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }))
    expect(await screen.findByText('Category created successfully')).toBeInTheDocument()
    expect(sent(fetch, 'POST')?.body).toEqual({ slug: 'home-office', name: 'Home Office', description: 'Desks and chairs', colorHex: '#6366f1' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Category' })).not.toBeInTheDocument())
  })

  it("toasts 'Error creating category' with the server's message", async () => {
    const { user } = setup({
      'POST /api/workspace/categories': apiError(403, 'category_limit', 'Your Starter plan allows up to 4 categories. Upgrade to add more.'),
    })
    await screen.findByRole('table', { name: 'Categories' })
    await user.click(screen.getByRole('button', { name: 'Add Category' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' })
    await user.type(within(dialog).getByLabelText('Name'), 'Travel')
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }))
    expect(await screen.findByText('Error creating category')).toBeInTheDocument()
    expect(screen.getByText('Your Starter plan allows up to 4 categories. Upgrade to add more.')).toBeInTheDocument()
  })

  it("edits with the slug disabled: 'Category updated successfully'", async () => {
    const { fetch, user } = setup({ 'PUT /api/workspace/categories/1': ({ body }: { body: object }) => json({ category: { ...keto, ...body } }) })
    await screen.findByRole('table', { name: 'Categories' })
    await user.click(within(table()).getByRole('button', { name: 'Edit Keto' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' })
    expect(within(dialog).getByLabelText('Slug')).toBeDisabled()
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('keto')
    await user.clear(within(dialog).getByLabelText('Name'))
    await user.type(within(dialog).getByLabelText('Name'), 'Keto Diet')
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('keto')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Category updated successfully')).toBeInTheDocument()
    expect(sent(fetch, 'PUT')).toEqual({ url: '/api/workspace/categories/1', body: { name: 'Keto Diet', description: 'Low-carb living', colorHex: '#10b981' } })
  })

  it("deletes an empty category after 'Are you sure? This will not delete posts in this category.'", async () => {
    const empty = { ...tech, id: 3, name: 'Travel', slug: 'travel', postCount: 0 }
    const { fetch, user } = setup({
      'GET /api/workspace/categories': json({ categories: [keto, tech, empty] }),
      'DELETE /api/workspace/categories/3': json(null, 204),
    })
    await screen.findByRole('table', { name: 'Categories' })
    await user.click(within(table()).getByRole('button', { name: 'Delete Travel' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure? This will not delete posts in this category.' })
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Category deleted')).toBeInTheDocument()
    expect(sent(fetch, 'DELETE')?.url).toBe('/api/workspace/categories/3')
  })

  it('asks where the posts of a category go, and sends that category', async () => {
    const fitness = { ...tech, id: 3, name: 'Fitness', slug: 'fitness', postCount: 0 }
    const { fetch, user } = setup({
      'GET /api/workspace/categories': json({ categories: [keto, tech, fitness] }),
      'DELETE /api/workspace/categories/1': json(null, 204),
    })
    await screen.findByRole('table', { name: 'Categories' })
    await user.click(within(table()).getByRole('button', { name: 'Delete Keto' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure? This will not delete posts in this category.' })
    expect(within(dialog).getByText('“Keto” has 2 posts. They move to the category you choose, and their old links lead there.')).toBeInTheDocument()
    const choice = within(dialog).getByRole('combobox', { name: 'Move its posts to' })
    expect(choice).toHaveTextContent('Tech')
    await user.click(choice)
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Tech', 'Fitness'])
    await user.click(screen.getByRole('option', { name: 'Fitness' }))
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Category deleted')).toBeInTheDocument()
    expect(sent(fetch, 'DELETE')?.url).toBe('/api/workspace/categories/1?moveTo=fitness')
  })

  it('asks for a target when only planned posts are filed under the category', async () => {
    const planned = { ...tech, id: 3, name: 'Travel', slug: 'travel', postCount: 0, plannedCount: 1 }
    const { fetch, user } = setup({
      'GET /api/workspace/categories': json({ categories: [keto, planned] }),
      'DELETE /api/workspace/categories/3': json(null, 204),
    })
    await screen.findByRole('table', { name: 'Categories' })
    await user.click(within(table()).getByRole('button', { name: 'Delete Travel' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(/^“Travel” has 1 planned post\./)).toBeInTheDocument()
    expect(within(dialog).getByRole('combobox', { name: 'Move its posts to' })).toHaveTextContent('Keto')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Category deleted')).toBeInTheDocument()
    expect(sent(fetch, 'DELETE')?.url).toBe('/api/workspace/categories/3?moveTo=keto')
  })

  it('cannot delete the only category while it has posts', async () => {
    const { fetch, user } = setup({ 'GET /api/workspace/categories': json({ categories: [keto] }) })
    await screen.findByRole('table', { name: 'Categories' })
    await user.click(within(table()).getByRole('button', { name: 'Delete Keto' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(
      within(dialog).getByText('“Keto” has 2 posts and is your only category. Add another category first, so its posts have somewhere to go.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled()
    expect(sent(fetch, 'DELETE')).toBeUndefined()
  })

  it("toasts 'Error deleting category'", async () => {
    const { user } = setup({ 'DELETE /api/workspace/categories/2': apiError(500, 'internal', 'Boom') })
    await screen.findByRole('table', { name: 'Categories' })
    await user.click(within(table()).getByRole('button', { name: 'Delete Tech' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Error deleting category')).toBeInTheDocument()
  })

  it("toasts 'Error loading category'", async () => {
    setup({ 'GET /api/workspace/categories': apiError(500, 'internal', 'Boom') })
    expect(await screen.findByText('Error loading category')).toBeInTheDocument()
  })
})

describe('filed', () => {
  it.each([
    [2, undefined, '2 posts'],
    [1, 0, '1 post'],
    [0, 1, '1 planned post'],
    [2, 3, '2 posts and 3 planned posts'],
    [1, 1, '1 post and 1 planned post'],
  ])('%i posts and %s planned: %s', (postCount, plannedCount, want) => {
    expect(filed({ ...keto, postCount, plannedCount })).toBe(want)
  })
})
