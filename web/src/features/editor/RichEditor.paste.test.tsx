import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { apiError, json, mockFetch, renderWithProviders } from '@/test/utils'
import { RichEditor } from './RichEditor'

const REMOTE = 'https://lh7-rt.googleusercontent.com/docsz/AD_4nXdRk3vJ9mQ2xL8pT5wZcYbN1hF6gE0uK7sA4oIqVtW2eR?key=Zx9_yQ3wP1mL5nR7tB2cVg'
const SPAN = 'font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;'

/** What Chrome puts on the clipboard when a heading, a paragraph and an image are copied from Google Docs. */
const GOOGLE_DOCS_WITH_IMAGE =
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-7f3c2a1e-7fff-5b2d-9c41-0a8e3d6b2f10">' +
  `<h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="${SPAN}font-size:16pt;">Breakfast on keto</span></h2>` +
  `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="${SPAN}">Eggs keep you full until lunch.</span></p><br>` +
  `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="${SPAN}"><span style="border:none;display:inline-block;overflow:hidden;width:602px;height:401px;">` +
  `<img src="${REMOTE}" width="602" height="401" alt="Two fried eggs on toast with avocado slices" title="Eggs on toast" style="margin-left:0px;margin-top:0px;"></span></span></p>` +
  '</b><br class="Apple-interchange-newline">'

const LIBRARY_URL = '/media/7/library/1764200000000-3fa2c1d9-two-fried-eggs-on-toast-with-avocado-slices.png'

function paste(html: string) {
  const surface = screen.getByRole('textbox', { name: 'Post content' })
  fireEvent.paste(surface, {
    clipboardData: {
      types: ['text/html', 'text/plain'],
      files: [],
      items: [],
      getData: (type: string) => (type === 'text/html' ? html : type === 'text/plain' ? 'Breakfast on keto' : ''),
    },
  })
  return surface
}

function setup() {
  const onChange = vi.fn()
  renderWithProviders(<RichEditor id="content" initialValue="" onChange={onChange} />)
  const reported = () => onChange.mock.calls.map((c) => c[0] as string)
  return { onChange, reported, last: () => reported().at(-1) ?? '' }
}

describe('RichEditor: images pasted from Google Docs', () => {
  it('copies each image into the media library and keeps its alt text', async () => {
    let answer: (r: Response) => void = () => {}
    const fetch = mockFetch({
      'POST /api/workspace/media/import': () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    const { reported, last } = setup()
    const surface = paste(GOOGLE_DOCS_WITH_IMAGE)

    // While it is copied the image shows, marked as pending, and the post's HTML leaves it out.
    const pending = surface.querySelector('img[data-pending]')
    expect(pending).toHaveAttribute('src', REMOTE)
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/workspace/media/import', expect.anything()))
    const init = fetch.mock.calls.find((c) => c[0] === '/api/workspace/media/import')![1] as RequestInit
    expect(JSON.parse(init.body as string)).toEqual({ url: REMOTE, alt: 'Two fried eggs on toast with avocado slices' })
    expect(last()).toBe('<h2>Breakfast on keto</h2><p>Eggs keep you full until lunch.</p>')

    answer(json({ url: LIBRARY_URL, item: { id: 9, fileName: 'Two fried eggs on toast with avocado slices.png', fileUrl: LIBRARY_URL, fileSize: 48213, mimeType: 'image/png', alt: 'Two fried eggs on toast with avocado slices', createdAt: '2026-11-27T00:00:00Z' } }, 201))
    await waitFor(() =>
      expect(last()).toBe(
        '<h2>Breakfast on keto</h2><p>Eggs keep you full until lunch.</p>' +
          `<img src="${LIBRARY_URL}" alt="Two fried eggs on toast with avocado slices" title="Eggs on toast">`,
      ),
    )
    expect(surface.querySelector('img[data-pending]')).toBeNull()
    // Nothing hot-linked was ever reported for saving.
    for (const html of reported()) expect(html).not.toContain('googleusercontent.com')
  })

  it('removes an image that cannot be copied and says why', async () => {
    mockFetch({
      'POST /api/workspace/media/import': apiError(422, 'image_unavailable', 'The image could not be copied: its site answered 404 Not Found'),
    })
    const { reported, last } = setup()
    const surface = paste(GOOGLE_DOCS_WITH_IMAGE)
    expect(await screen.findByText('Couldn’t copy an image from the paste')).toBeInTheDocument()
    expect(screen.getByText('The image could not be copied: its site answered 404 Not Found')).toBeInTheDocument()
    expect(surface.querySelector('img')).toBeNull()
    expect(last()).toBe('<h2>Breakfast on keto</h2><p>Eggs keep you full until lunch.</p>')
    for (const html of reported()) expect(html).not.toContain('googleusercontent.com')
  })

  it('uploads an image pasted as data, with its alt text', async () => {
    let sent: FormData | null = null
    mockFetch({
      'POST /api/workspace/media': ({ init }) => {
        sent = init?.body as FormData
        return json({ item: { id: 3, fileName: 'A red dot.png', fileUrl: '/media/7/library/1-a-red-dot.png', fileSize: 70, mimeType: 'image/png', alt: 'A red dot', createdAt: '2026-11-27T00:00:00Z' } }, 201)
      },
    })
    const { reported, last } = setup()
    paste('<p>Dot:</p><img src="data:image/png;base64,iVBORw0KGgo=" alt="A red dot">')
    await waitFor(() => expect(last()).toBe('<p>Dot:</p><img src="/media/7/library/1-a-red-dot.png" alt="A red dot">'))
    expect(sent!.get('alt')).toBe('A red dot')
    expect((sent!.get('file') as File).name).toBe('A red dot.png')
    for (const html of reported()) expect(html).not.toContain('data:')
  })

  it('leaves the blog’s own images alone', async () => {
    const fetch = mockFetch({})
    const { last } = setup()
    paste('<p>Again:</p><img src="/media/7/library/1-a.png" alt="A">')
    await waitFor(() => expect(last()).toBe('<p>Again:</p><img src="/media/7/library/1-a.png" alt="A">'))
    expect(fetch).not.toHaveBeenCalledWith('/api/workspace/media/import', expect.anything())
  })
})
