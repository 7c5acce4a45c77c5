import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import type { BrandSettings as Brand } from '@/api/types'
import { apiError, json, mockFetch, renderWithProviders } from '@/test/utils'
import { BrandSettings } from './BrandSettings'

const item = { id: 3, fileName: 'logo.png', fileUrl: '/media/7/library/logo.png', fileSize: 2048, mimeType: 'image/png', createdAt: '2025-01-01T00:00:00Z' }
const empty: Brand = { logoUrl: '', faviconUrl: '', socialImageUrl: '', socialLinks: [], whiteLabel: false }

function setup(brand: Brand = empty, put?: (body: Record<string, unknown>) => Response) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/workspace/brand': json({ brand }),
    'GET /api/workspace/media': json({ items: [item], limit: 40 }),
    'PUT /api/workspace/brand': ({ body }: { body: Record<string, unknown> }) =>
      put ? put(body) : json({ brand: { ...(body as object), whiteLabel: false } }),
  })
  renderWithProviders(<BrandSettings slug="olivias-blog" />)
  return { fetch, user: userEvent.setup() }
}

const sent = (fetch: ReturnType<typeof mockFetch>) => {
  const call = fetch.mock.calls.find((c) => String(c[0]) === '/api/workspace/brand' && c[1]?.method === 'PUT')
  return call ? JSON.parse(String(call[1]?.body)) : undefined
}

afterEach(() => {
  toast.dismiss()
})

describe('BrandSettings', () => {
  it("picks the logo from the library, adds a link and saves: 'Brand saved'", async () => {
    const { fetch, user } = setup()
    const logo = await screen.findByRole('group', { name: 'Logo' })
    await user.click(within(logo).getByRole('button', { name: 'Library' }))
    await user.click(await within(logo).findByRole('radio', { name: /logo\.png/ }))
    expect(within(logo).getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', item.fileUrl)

    await user.click(screen.getByRole('button', { name: 'Add link' }))
    await user.type(screen.getByLabelText('Link 1 address'), 'javascript:alert(1)')
    await user.click(screen.getByRole('button', { name: 'Save brand' }))
    expect(screen.getByText('Use a full https:// address')).toBeInTheDocument()
    expect(sent(fetch)).toBeUndefined()

    await user.clear(screen.getByLabelText('Link 1 address'))
    await user.type(screen.getByLabelText('Link 1 address'), 'https://olivia.example')
    await user.click(screen.getByRole('button', { name: 'Save brand' }))
    expect(await screen.findByText('Brand saved')).toBeInTheDocument()
    expect(sent(fetch)).toEqual({
      logoUrl: item.fileUrl,
      faviconUrl: '',
      socialImageUrl: '',
      socialLinks: [{ network: 'website', url: 'https://olivia.example' }],
    })
  })

  it('removes an image and drops blank link rows', async () => {
    const { fetch, user } = setup({ ...empty, faviconUrl: '/media/7/icon.png', socialLinks: [{ network: 'x', url: 'https://x.com/o' }] })
    const icon = await screen.findByRole('group', { name: 'Icon' })
    await user.click(within(icon).getByRole('button', { name: 'Remove' }))
    expect(within(icon).queryByRole('img')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add link' }))
    await user.click(screen.getByRole('button', { name: 'Save brand' }))
    expect(await screen.findByText('Brand saved')).toBeInTheDocument()
    expect(sent(fetch)).toMatchObject({ faviconUrl: '', socialLinks: [{ network: 'x', url: 'https://x.com/o' }] })
  })

  it('offers at most 8 links and shows the server refusal', async () => {
    const links = Array.from({ length: 8 }, (_, i) => ({ network: 'website' as const, url: `https://e.example/${i}` }))
    const { user } = setup({ ...empty, socialLinks: links }, () => apiError(400, 'invalid_image', 'The logo must be an image from your media library'))
    expect(await screen.findByRole('button', { name: 'At most 8 links' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Save brand' }))
    expect(await screen.findByText('The logo must be an image from your media library')).toBeInTheDocument()
  })

  it('names what white-label changes', async () => {
    setup({ ...empty, whiteLabel: true })
    expect(await screen.findByText('White-label: your blog shows no InkPress marks.')).toBeInTheDocument()
  })
})
