import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '@/test/utils'
import { RichEditor } from './RichEditor'

function setup(initialValue = '<p>Hello</p>') {
  const onChange = vi.fn()
  const user = userEvent.setup()
  renderWithProviders(<RichEditor id="content" initialValue={initialValue} onChange={onChange} />)
  return { onChange, user, last: () => onChange.mock.calls.at(-1)?.[0] as string }
}

describe('RichEditor', () => {
  it('has a labelled toolbar whose toggles say whether they are on', () => {
    setup('<h2>Title</h2>')
    const bar = screen.getByRole('toolbar', { name: 'Formatting' })
    for (const name of ['Heading 2', 'Heading 3', 'Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Quote', 'Inline code', 'Code block']) {
      expect(within(bar).getByRole('button', { name })).toHaveAttribute('aria-pressed')
    }
    for (const name of ['Image', 'YouTube or Vimeo video', 'Divider', 'Undo', 'Redo']) {
      expect(within(bar).getByRole('button', { name })).toBeInTheDocument()
    }
    expect(screen.getByRole('textbox', { name: 'Post content' })).toContainHTML('<h2>Title</h2>')
  })

  it('edits the HTML source and loads it back', async () => {
    const { user, last } = setup()
    await user.click(screen.getByRole('button', { name: 'HTML' }))
    const source = screen.getByRole('textbox', { name: 'HTML source' })
    expect(source).toHaveValue('<p>Hello</p>')
    await user.clear(source)
    await user.type(source, '<h2>New</h2><ul><li>one</li></ul>')
    expect(last()).toBe('<h2>New</h2><ul><li>one</li></ul>')
    await user.click(screen.getByRole('button', { name: 'HTML' }))
    expect(screen.queryByRole('textbox', { name: 'HTML source' })).not.toBeInTheDocument()
    expect(last()).toBe('<h2>New</h2><ul><li><p>one</p></li></ul>')
    expect(screen.getByRole('textbox', { name: 'Post content' })).toContainHTML('<h2>New</h2>')
  })

  it('adds a sponsored link that opens in a new tab', async () => {
    const { user, last } = setup('')
    await user.click(screen.getByRole('button', { name: 'Link' }))
    const dialog = await screen.findByRole('dialog', { name: 'Link' })
    await user.type(within(dialog).getByLabelText('URL'), 'shop.example/deal')
    await user.type(within(dialog).getByLabelText('Text (optional)'), 'the deal')
    await user.click(within(dialog).getByRole('checkbox', { name: /Sponsored/ }))
    await user.click(within(dialog).getByRole('checkbox', { name: /Open in new tab/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Add link' }))
    expect(last()).toBe('<p><a target="_blank" rel="sponsored noopener" href="https://shop.example/deal">the deal</a></p>')
  })

  it('refuses a link that is not a web address', async () => {
    const { user, onChange } = setup()
    await user.click(screen.getByRole('button', { name: 'Link' }))
    const dialog = await screen.findByRole('dialog', { name: 'Link' })
    await user.type(within(dialog).getByLabelText('URL'), 'javascript:alert(1)')
    await user.click(within(dialog).getByRole('button', { name: 'Add link' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a web address')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('embeds a YouTube video from its watch address', async () => {
    const { user, last } = setup('')
    await user.click(screen.getByRole('button', { name: 'YouTube or Vimeo video' }))
    const dialog = await screen.findByRole('dialog', { name: 'Embed a video' })
    await user.type(within(dialog).getByLabelText('Video URL'), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    expect(within(dialog).getByText('YouTube video dQw4w9WgXcQ')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Insert video' }))
    expect(last()).toContain('<div data-embed="youtube"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"')
  })

  it('has the caret back in the body the moment a dialog closes, so the next key is not lost', async () => {
    const { user } = setup('<p>Hello</p>')
    await user.click(screen.getByRole('button', { name: 'YouTube or Vimeo video' }))
    const dialog = await screen.findByRole('dialog', { name: 'Embed a video' })
    await user.type(within(dialog).getByLabelText('Video URL'), 'https://youtu.be/dQw4w9WgXcQ')
    // One synchronous press, no timers run after it: keys typed right after the dialog is gone
    // must find the writing surface focused, not the page's body.
    act(() => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Insert video' }))
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Post content' }))
  })

  it('inserts a library image with alt text and a caption as a figure', async () => {
    mockFetch({
      'GET /api/workspace/media': {
        items: [{ id: 5, fileName: 'cat.png', fileUrl: '/media/cat.png', fileSize: 1000, mimeType: 'image/png', createdAt: '2025-01-01T00:00:00Z' }],
        limit: 40,
      },
    })
    const { user, last } = setup('')
    await user.click(screen.getByRole('button', { name: 'Image' }))
    const dialog = await screen.findByRole('dialog', { name: 'Image' })
    await user.click(await within(dialog).findByRole('radio', { name: /cat\.png/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Insert image' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Describe the image')
    await user.type(within(dialog).getByLabelText('Alt text'), 'A sleeping cat')
    await user.type(within(dialog).getByLabelText('Caption (optional)'), 'Our cat')
    await user.click(within(dialog).getByRole('button', { name: 'Insert image' }))
    expect(last()).toBe('<figure><img src="/media/cat.png" alt="A sleeping cat"><figcaption>Our cat</figcaption></figure>')

    // a video added next goes after the image, not over it
    await user.click(screen.getByRole('button', { name: 'YouTube or Vimeo video' }))
    const video = await screen.findByRole('dialog', { name: 'Embed a video' })
    await user.type(within(video).getByLabelText('Video URL'), 'https://vimeo.com/76979871')
    await user.click(within(video).getByRole('button', { name: 'Insert video' }))
    expect(last()).toMatch(/^<figure>.*<\/figure><div data-embed="vimeo">/)
  })
})
