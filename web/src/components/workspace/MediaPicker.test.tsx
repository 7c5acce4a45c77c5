import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '@/lib/toast'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import type { MediaItem } from '@/api/types'
import { apiError, json, mockFetch, renderWithProviders } from '@/test/utils'
import { MediaPicker } from '@/components/workspace/MediaPicker'

const item: MediaItem = { id: 5, fileName: 'cover.png', fileUrl: '/media/7/library/cover.png', fileSize: 2048, mimeType: 'image/png', alt: '', createdAt: '2025-01-01T00:00:00Z' }

function fileInput(): HTMLInputElement {
  return document.querySelector('input[type="file"]') as HTMLInputElement
}

describe('MediaPicker', () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows the empty state and the counter, and uploads into the library', async () => {
    document.cookie = 'inkpress_csrf=t; path=/'
    let uploaded = false
    mockFetch({
      'GET /api/workspace/media': () => json({ items: uploaded ? [item] : [], limit: 40 }),
      'POST /api/workspace/media': () => {
        uploaded = true
        return json({ item }, 201)
      },
    })
    const onChange = vi.fn()
    const success = vi.spyOn(toast, 'success')
    renderWithProviders(<MediaPicker value={null} onChange={onChange} />)
    expect(await screen.findByText('No images in your library yet.')).toBeInTheDocument()
    expect(screen.getByText('0/40 images')).toBeInTheDocument()
    fireEvent.change(fileInput(), { target: { files: [new File(['png'], 'cover.png', { type: 'image/png' })] } })
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(item))
    expect(success).toHaveBeenCalledWith('Success', expect.anything())
    expect(await screen.findByText('1/40 images')).toBeInTheDocument()
  })

  it('refuses a non-image before uploading, and reports a full library', async () => {
    document.cookie = 'inkpress_csrf=t; path=/'
    const fetch = mockFetch({
      'GET /api/workspace/media': json({ items: [item], limit: 40 }),
      'POST /api/workspace/media': apiError(409, 'library_full', 'Maximum 40 images allowed per workspace'),
    })
    const error = vi.spyOn(toast, 'error')
    renderWithProviders(<MediaPicker value={null} onChange={vi.fn()} />)
    await screen.findByText('1/40 images')
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } })
    expect(error).toHaveBeenCalledWith('Invalid file type', { description: 'Please upload an image file' })
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(false)
    fireEvent.change(fileInput(), { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } })
    await waitFor(() => expect(error).toHaveBeenCalledWith('Library full', { description: 'Maximum 40 images allowed per workspace' }))
  })

  it('scrolls a box around the grid, so a second row of tiles sits below the first', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ ...item, id: i + 1, fileName: `img-${i + 1}.png` }))
    mockFetch({ 'GET /api/workspace/media': json({ items: many, limit: 40 }) })
    renderWithProviders(<MediaPicker value={3} onChange={vi.fn()} />)
    const group = await screen.findByRole('radiogroup', { name: 'Media library' })
    expect(screen.getAllByRole('radio')).toHaveLength(40)
    expect(screen.getByRole('radio', { name: 'img-3.png (2.0 KB)' })).toHaveAttribute('aria-checked', 'true')
    // A grid that is its own height-capped scroll box squeezes its rows to fit the cap, and the square
    // tiles then overflow onto the next row: the cap and the scrolling belong to a wrapper.
    const box = screen.getByTestId('media-scroll')
    expect(box).toContainElement(group)
    expect(box.className).toMatch(/\bmax-h-/)
    expect(box.className).toMatch(/\boverflow-y-auto\b/)
    expect(group.className).not.toMatch(/\bmax-h-|\boverflow-/)
    // The image fills its tile without sizing it.
    for (const img of group.querySelectorAll('img')) expect(img.className).toMatch(/\babsolute\b/)
  })
})
