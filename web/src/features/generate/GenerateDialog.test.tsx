import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from 'sonner'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Category, WorkspaceResponse } from '@/api/types'
import { apiError, json, makePost, mockFetch, owner, renderWithProviders } from '@/test/utils'
import { GenerateDialog } from './GenerateDialog'

const general: Category = {
  id: 3,
  name: 'General',
  slug: 'general',
  description: 'General articles',
  colorHex: '#6366f1',
  gradient: '',
  postCount: 0,
}

const workspace: WorkspaceResponse = {
  workspace: owner.workspace!,
  settings: { blogTitle: 'Blog', blogDescription: '', templateId: 'template-1', primaryColor: '#6366f1', fontFamily: 'Inter', onboardingCompleted: true, reviewAiPosts: false },
  usage: { month: '2025-01-01', postsGenerated: 2, postsLimit: 10, imagesGenerated: 0, imagesLimit: 10, trial: true, unlimited: false },
  plan: { id: 'starter', name: 'Starter', betaPrice: 15, regularPrice: 29, postsPerMonth: 30, imagesPerMonth: 30, maxCategories: 4, features: [] },
  blogUrl: 'http://localhost/blog/olivias-blog',
  rssUrl: 'http://localhost/blog/olivias-blog/feed.xml',
  drafts: 0,
  site: false,
}

function setup(routes: Record<string, unknown> = {}) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const fetch = mockFetch({
    'GET /api/workspace/categories': json({ categories: [general] }),
    'GET /api/workspace': json(workspace),
    'GET /api/workspace/media': json({ items: [], limit: 40 }),
    ...routes,
  })
  const onOpenChange = vi.fn()
  const user = userEvent.setup()
  renderWithProviders(<GenerateDialog open onOpenChange={onOpenChange} />)
  return { fetch, onOpenChange, user }
}

/** The only category is chosen for the owner once the categories are in. */
async function categoryReady() {
  const select = await screen.findByRole('combobox', { name: 'Category' })
  await waitFor(() => expect(select).toHaveTextContent('General'))
}

const posted = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes('/posts/generate') && c[1]?.method === 'POST')

afterEach(() => {
  toast.dismiss()
})

describe('GenerateDialog', () => {
  it("refuses to send without the required fields: 'Missing fields'", async () => {
    const { fetch, user } = setup()
    expect(await screen.findByRole('dialog', { name: 'Generate a new post' })).toBeInTheDocument()
    await screen.findByText('2 of 10 posts used this month')
    await user.click(screen.getByRole('button', { name: 'Generate post' }))
    expect(await screen.findByText('Missing fields')).toBeInTheDocument()
    expect(screen.getByText('Please fill in all required fields')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Topic' })).toHaveAttribute('aria-invalid', 'true')
    expect(posted(fetch)).toHaveLength(0)
  })

  it("disables the form and shows 'Generating...' until the post is written", async () => {
    let release!: (r: Response) => void
    const { fetch, onOpenChange, user } = setup({
      'POST /api/workspace/posts/generate': () => new Promise<Response>((r) => (release = r)),
    })
    await categoryReady()
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Keto breakfasts')
    await user.type(screen.getByRole('textbox', { name: 'Keywords' }), 'eggs, , low carb')
    await user.click(screen.getByRole('radio', { name: 'AI generated' }))
    await user.click(screen.getByRole('button', { name: 'Generate post' }))

    const busy = await screen.findByRole('button', { name: 'Generating...' })
    expect(busy).toBeDisabled()
    expect(screen.getByRole('textbox', { name: 'Topic' })).toBeDisabled()
    expect(screen.getByRole('switch', { name: 'Generate images' })).toBeDisabled()
    expect(screen.getByText('This can take up to 2 minutes. Please keep this window open.')).toBeInTheDocument()

    const [call] = posted(fetch)
    expect(JSON.parse(String(call[1]?.body))).toEqual({
      category: 'general',
      topic: 'Keto breakfasts',
      inputMode: 'topic',
      keywords: 'eggs, low carb',
      tone: 'professional',
      length: 'medium',
      imageMode: 'ai',
      banners: [],
      generateImages: true,
      status: 'published',
    })

    release(json({ post: makePost({ title: 'Ten Keto Breakfasts' }), usage: workspace.usage }, 201))
    expect(await screen.findByText('Post generated')).toBeInTheDocument()
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
  })

  it("'Save as draft' sends status 'draft'; the toast says the draft was saved and opens it", async () => {
    const { fetch, onOpenChange, user } = setup({
      'POST /api/workspace/posts/generate': json({ post: makePost({ id: 42, title: 'Keto Breakfasts', status: 'draft' }), usage: workspace.usage }, 201),
    })
    await categoryReady()
    expect(screen.getByRole('radio', { name: 'Publish now' })).toBeChecked()
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Keto breakfasts')
    await user.click(screen.getByRole('radio', { name: 'Save as draft' }))
    await user.click(screen.getByRole('button', { name: 'Generate draft' }))

    expect(await screen.findByText('Draft saved')).toBeInTheDocument()
    expect(screen.getByText('“Keto Breakfasts” is saved as a draft for you to review.')).toBeInTheDocument()
    const [call] = posted(fetch)
    expect(JSON.parse(String(call[1]?.body))).toMatchObject({ topic: 'Keto breakfasts', status: 'draft' })
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))

    // The mocked onOpenChange leaves the modal dialog open, which blocks pointer events outside it.
    fireEvent.click(screen.getByRole('button', { name: 'Open draft' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/posts/42'))
  })

  it.each([
    [apiError(402, 'limit_reached', "You have used all 10 posts of this month's plan."), "You have used all 10 posts of this month's plan."],
    [apiError(502, 'provider_error', 'Failed to generate blog content: timeout'), 'Failed to generate blog content: timeout'],
    [new Response('<html>bad gateway</html>', { status: 502 }), 'Failed to generate blog post'],
  ])("toasts 'Generation failed' with the server message or the fallback (%#)", async (response, text) => {
    const { onOpenChange, user } = setup({ 'POST /api/workspace/posts/generate': response })
    await categoryReady()
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Keto')
    await user.click(screen.getByRole('button', { name: 'Generate post' }))
    expect(await screen.findByText('Generation failed')).toBeInTheDocument()
    expect(screen.getByText(text)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Generate post' })).toBeEnabled()
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it('offers the AI image only while Generate images is on', async () => {
    const { user } = setup()
    const ai = await screen.findByRole('radio', { name: 'AI generated' })
    await user.click(ai)
    await user.click(screen.getByRole('switch', { name: 'Generate images' }))
    expect(screen.queryByRole('radio', { name: 'AI generated' })).not.toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'None' })).toBeChecked()
  })

  it('uploads featured images and checks them first', async () => {
    const { fetch, user } = setup({ 'POST /api/workspace/uploads': json({ url: '/media/cover.png', mimeType: 'image/png', size: 2048 }, 201) })
    await user.click(await screen.findByRole('radio', { name: 'Upload' }))

    await user.upload(screen.getByLabelText(/Choose a featured image/), new File(['png'], 'cover.png', { type: 'image/png' }))
    expect(await screen.findByText('cover.png')).toBeInTheDocument()
    expect(screen.getByText('2.0 KB')).toBeInTheDocument()
    const upload = fetch.mock.calls.find((c) => String(c[0]).includes('/uploads'))
    expect((upload?.[1]?.body as FormData).get('purpose')).toBe('featured')
    await user.click(screen.getByRole('button', { name: 'Remove choose a featured image' }))
    fetch.mockClear()

    const input = screen.getByLabelText(/Choose a featured image/)
    fireEvent.change(input, { target: { files: [new File(['x'.repeat(10)], 'notes.pdf', { type: 'application/pdf' })] } })
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument()
    expect(screen.getByText('Please upload an image file')).toBeInTheDocument()

    const big = new File(['x'], 'huge.png', { type: 'image/png' })
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 })
    fireEvent.change(input, { target: { files: [big] } })
    expect(await screen.findByText('File too large')).toBeInTheDocument()
    expect(screen.getByText('Maximum file size is 5MB')).toBeInTheDocument()
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('/uploads'))).toBe(false)
  })

  it("shows the empty library: 'No images in your library yet.'", async () => {
    const { user } = setup()
    await user.click(await screen.findByRole('radio', { name: 'Library' }))
    expect(await screen.findByText('No images in your library yet.')).toBeInTheDocument()
  })

  it('adds up to three banners', async () => {
    const { user } = setup()
    const add = await screen.findByRole('button', { name: 'Add banner' })
    await user.click(add)
    await user.click(add)
    await user.click(add)
    expect(screen.getAllByRole('textbox', { name: 'Link URL' })).toHaveLength(3)
    expect(add).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Remove banner 2' }))
    expect(screen.getAllByRole('textbox', { name: 'Link URL' })).toHaveLength(2)
    expect(add).toBeEnabled()
  })
})
