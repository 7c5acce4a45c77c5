import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import type { MediaItem } from '@/api/types'
import { admin, apiError, json, mockFetch, renderWithProviders } from '@/test/utils'
import { workspaceResponse } from './fixtures'

const media = (n: number): MediaItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    fileName: `photo-${i + 1}.png`,
    fileUrl: `/media/photo-${i + 1}.png`,
    fileSize: i === 0 ? 1536 : 2 * 1024 * 1024,
    mimeType: 'image/png',
    alt: '',
    createdAt: '2025-01-05T12:00:00Z',
  }))

function setup(items: MediaItem[], routes: Record<string, unknown> = {}) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/auth/me': json(admin),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace': json(workspaceResponse),
    'GET /api/workspace/media': json({ items, limit: 40 }),
    ...routes,
  })
  const user = userEvent.setup({ applyAccept: false })
  renderWithProviders(<AppRoutes />, { route: '/admin/media-library' })
  return { fetch, user }
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement

afterEach(() => {
  toast.dismiss()
})

// The owner and admin pages are lazy: load them before the tests, not inside their time limits.
beforeAll(preloadLazyPages)

describe('/admin/media-library', () => {
  it("shows the counter 'n/40 images' and names with sizes", async () => {
    setup(media(2))
    expect(await screen.findByText('2/40 images')).toBeInTheDocument()
    const grid = screen.getByRole('list', { name: 'Images' })
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2)
    expect(within(grid).getByText('photo-1.png')).toBeInTheDocument()
    expect(within(grid).getByText(/^1\.5 KB/)).toBeInTheDocument()
    expect(within(grid).getByText(/^2\.0 MB/)).toBeInTheDocument()
  })

  it("shows 'No images yet' and '0/40 images'", async () => {
    setup([])
    expect(await screen.findByText('No images yet')).toBeInTheDocument()
    expect(screen.getByText('0/40 images')).toBeInTheDocument()
  })

  it("uploads an image: 'Success'", async () => {
    const { fetch, user } = setup(media(1), { 'POST /api/workspace/media': json({ item: media(2)[1] }, 201) })
    await screen.findByText('1/40 images')
    await user.upload(fileInput(), new File(['png'], 'new.png', { type: 'image/png' }))
    expect(await screen.findByText('Success')).toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => c[1]?.method === 'POST' && String(c[0]) === '/api/workspace/media')).toBe(true)
  })

  it("refuses other files: 'Invalid file type', 'File too large'", async () => {
    const { fetch, user } = setup(media(1))
    await screen.findByText('1/40 images')
    await user.upload(fileInput(), new File(['x'], 'notes.txt', { type: 'text/plain' }))
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument()
    expect(screen.getByText('Please upload an image file')).toBeInTheDocument()
    const big = new File(['x'], 'big.png', { type: 'image/png' })
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 })
    await user.upload(fileInput(), big)
    expect(await screen.findByText('File too large')).toBeInTheDocument()
    expect(screen.getByText('Maximum file size is 5MB')).toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => c[1]?.method === 'POST')).toBe(false)
  })

  it("stops at 40: 'Library full'", async () => {
    const { fetch, user } = setup(media(40))
    expect(await screen.findByText('40/40 images')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Upload Image' }))
    expect(await screen.findByText('Library full')).toBeInTheDocument()
    expect(screen.getByText('Maximum 40 images allowed per workspace')).toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => c[1]?.method === 'POST')).toBe(false)
  })

  it("toasts 'Upload failed'", async () => {
    const { user } = setup(media(1), { 'POST /api/workspace/media': apiError(415, 'unsupported_media_type', 'Please upload an image file') })
    await screen.findByText('1/40 images')
    await user.upload(fileInput(), new File(['png'], 'new.png', { type: 'image/png' }))
    expect(await screen.findByText('Upload failed')).toBeInTheDocument()
  })

  it('deletes after a confirmation', async () => {
    const { fetch, user } = setup(media(2), { 'DELETE /api/workspace/media/2': json(null, 204) })
    await screen.findByText('2/40 images')
    await user.click(screen.getByRole('button', { name: 'Delete photo-2.png' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this image?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Success')).toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => c[1]?.method === 'DELETE' && String(c[0]) === '/api/workspace/media/2')).toBe(true)
  })

  it("toasts 'Delete failed'", async () => {
    const { user } = setup(media(2), { 'DELETE /api/workspace/media/2': apiError(404, 'media_not_found', 'Image not found') })
    await screen.findByText('2/40 images')
    await user.click(screen.getByRole('button', { name: 'Delete photo-2.png' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Delete failed')).toBeInTheDocument()
  })

  it("toasts 'Error fetching media'", async () => {
    setup([], { 'GET /api/workspace/media': apiError(500, 'internal', 'Boom') })
    expect(await screen.findByText('Error fetching media')).toBeInTheDocument()
  })
})
