import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from 'sonner'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Category, Job, WorkspaceResponse } from '@/api/types'
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
  settings: { blogTitle: 'Blog', blogDescription: '', templateId: 'template-1', primaryColor: '#6366f1', fontFamily: 'Inter', onboardingCompleted: true, reviewAiPosts: false, brandVoice: '', language: 'en', defaultTone: 'professional', defaultLength: 'medium', newsletterEnabled: true, newsletterFullText: false, replyTo: '' },
  usage: { month: '2025-01-01', postsGenerated: 2, postsLimit: 10, imagesGenerated: 0, imagesLimit: 10, trial: true, unlimited: false },
  plan: { id: 'starter', name: 'Starter', betaPrice: 15, regularPrice: 29, postsPerMonth: 30, imagesPerMonth: 30, maxCategories: 4, maxBlogs: 1, customDomain: false, features: [], emailsPerMonth: 5000, maxSubscribers: 1000 },
  blogUrl: 'http://localhost/blog/olivias-blog',
  rssUrl: 'http://localhost/blog/olivias-blog/feed.xml',
  drafts: 0,
  site: false,
  mail: { sending: false, emailsSent: 0, emailsLimit: 5000, verified: true },
  postStorage: { bytes: 0, limitBytes: 52428800, revisionsKept: 10 },
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

/** A job as the server answers it: queued a moment ago unless told otherwise. */
function makeJob(over: Partial<Job> = {}): Job {
  return {
    id: 5,
    kind: 'generate',
    status: 'queued',
    stage: null,
    topic: 'Keto breakfasts',
    postId: null,
    error: '',
    createdAt: new Date().toISOString(),
    startedAt: null,
    finishedAt: null,
    ...over,
  }
}

/** The dialog with a page's open state around it, as the dashboards use it. */
function Harness() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <GenerateDialog open={open} onOpenChange={setOpen} />
    </>
  )
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

  it("queues the job, shows 'Generating...', the stage and the elapsed time, and closes once the post is written", async () => {
    let current = makeJob()
    const { fetch, onOpenChange, user } = setup({
      // The job was queued a minute before the server answers (another writer was busy).
      'POST /api/workspace/posts/generate': () => {
        current = { ...current, createdAt: new Date(Date.now() - 65_000).toISOString() }
        return json({ job: current, usage: workspace.usage }, 202)
      },
      'GET /api/workspace/jobs/5': () => json({ job: current }),
      'GET /api/workspace/posts/42': json({ post: makePost({ id: 42, title: 'Ten Keto Breakfasts', status: 'published' }) }),
    })
    await categoryReady()
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Keto breakfasts')
    await user.type(screen.getByRole('textbox', { name: 'Keywords' }), 'eggs, , low carb')
    await user.click(screen.getByRole('radio', { name: 'AI generated' }))
    await user.click(screen.getByRole('button', { name: 'Generate post' }))

    expect(await screen.findByText('Waiting for a free writer…')).toBeInTheDocument()
    const busy = screen.getByRole('button', { name: 'Generating...' })
    expect(busy).toBeDisabled()
    expect(screen.getByRole('textbox', { name: 'Topic' })).toBeDisabled()
    expect(screen.getByRole('switch', { name: 'Generate images' })).toBeDisabled()
    // Counted from the job's creation, not from the click (which would read 00:xx).
    expect(screen.getByLabelText(/^Elapsed 01:\d\d$/)).toBeInTheDocument()

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

    current = { ...current, status: 'running', stage: 'writing' }
    expect(await screen.findByText('Writing the article…')).toBeInTheDocument()
    current = { ...current, stage: 'illustrating' }
    expect(await screen.findByText('Drawing the cover…')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled()
    expect(onOpenChange).not.toHaveBeenCalled()

    current = { ...current, status: 'succeeded', stage: 'saving', postId: 42, imageError: 'The image service is busy', finishedAt: new Date().toISOString() }
    expect(await screen.findByText('Post generated')).toBeInTheDocument()
    expect(screen.getByText('“Ten Keto Breakfasts” is now live on your blog.')).toBeInTheDocument()
    expect(screen.getByText('Image not generated')).toBeInTheDocument()
    expect(screen.getByText('The image service is busy')).toBeInTheDocument()
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    // The form is cleared and usable again.
    expect(screen.getByRole('textbox', { name: 'Topic' })).toHaveValue('')
    expect(screen.getByRole('textbox', { name: 'Topic' })).toBeEnabled()

    // The polling stops once the job is over.
    const polls = () => fetch.mock.calls.filter((c) => String(c[0]).endsWith('/api/workspace/jobs/5')).length
    const seen = polls()
    await new Promise((r) => setTimeout(r, 1500))
    expect(polls()).toBe(seen)
  })

  it("starts from the blog's default tone and length, which the owner may still change", async () => {
    const casual: WorkspaceResponse = { ...workspace, settings: { ...workspace.settings, defaultTone: 'casual', defaultLength: 'long' } }
    const { fetch, user } = setup({
      'GET /api/workspace': json(casual),
      'POST /api/workspace/posts/generate': () => json({ job: makeJob(), usage: workspace.usage }, 202),
      'GET /api/workspace/jobs/5': () => json({ job: makeJob() }),
    })
    await categoryReady()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Tone' })).toHaveTextContent('Casual'))
    expect(screen.getByRole('combobox', { name: 'Length' })).toHaveTextContent(/Long/)
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Keto breakfasts')
    await user.click(screen.getByRole('button', { name: 'Generate post' }))
    await waitFor(() => expect(posted(fetch)).toHaveLength(1))
    expect(JSON.parse(String(posted(fetch)[0][1]?.body))).toMatchObject({ tone: 'casual', length: 'long' })
  })

  it("'Save as draft' sends status 'draft'; the toast says the draft was saved and opens it", async () => {
    const { fetch, onOpenChange, user } = setup({
      'POST /api/workspace/posts/generate': json({ job: makeJob({ id: 6 }), usage: workspace.usage }, 202),
      'GET /api/workspace/jobs/6': json({ job: makeJob({ id: 6, status: 'succeeded', postId: 42, finishedAt: new Date().toISOString() }) }),
      'GET /api/workspace/posts/42': json({ post: makePost({ id: 42, title: 'Keto Breakfasts', status: 'draft' }) }),
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

    // The mocked onOpenChange leaves the modal dialog open, which blocks pointer events outside it and hides the
    // rest of the page from the accessibility tree (the toast included): the toast's action is found behind it.
    fireEvent.click(screen.getByRole('button', { name: 'Open draft', hidden: true }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/posts/42'))
  })

  it.each([
    [apiError(402, 'limit_reached', "You have used all 10 posts of this month's plan."), "You have used all 10 posts of this month's plan."],
    [apiError(429, 'too_many_jobs', 'You already have 20 posts being generated. Wait for one to finish, or cancel one.'), 'You already have 20 posts being generated. Wait for one to finish, or cancel one.'],
    [new Response('<html>bad gateway</html>', { status: 502 }), 'Failed to generate blog post'],
  ])("toasts 'Generation failed' with the server message or the fallback when the job is refused (%#)", async (response, text) => {
    const { fetch, onOpenChange, user } = setup({ 'POST /api/workspace/posts/generate': response })
    await categoryReady()
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Keto')
    await user.click(screen.getByRole('button', { name: 'Generate post' }))
    expect(await screen.findByText('Generation failed')).toBeInTheDocument()
    expect(screen.getByText(text)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Generate post' })).toBeEnabled()
    expect(onOpenChange).not.toHaveBeenCalled()
    expect(fetch.mock.calls.some((c) => String(c[0]).includes('/api/workspace/jobs'))).toBe(false)
  })

  it('shows why a job failed in the dialog and toasts it; the form stays filled for another try', async () => {
    let current = makeJob({ id: 8, status: 'running', stage: 'writing' })
    const { onOpenChange, user } = setup({
      'POST /api/workspace/posts/generate': json({ job: makeJob({ id: 8 }), usage: workspace.usage }, 202),
      'GET /api/workspace/jobs/8': () => json({ job: current }),
    })
    await categoryReady()
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Keto')
    await user.click(screen.getByRole('button', { name: 'Generate post' }))
    expect(await screen.findByText('Writing the article…')).toBeInTheDocument()

    current = { ...current, status: 'failed', error: 'Failed to generate blog content: timeout', finishedAt: new Date().toISOString() }
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Generation failed. Failed to generate blog content: timeout')
    expect(await screen.findByText('Generation failed')).toBeInTheDocument()
    expect(screen.getAllByText(/Failed to generate blog content: timeout/)).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Generate post' })).toBeEnabled()
    expect(screen.getByRole('textbox', { name: 'Topic' })).toHaveValue('Keto')
    expect(screen.getByRole('textbox', { name: 'Topic' })).toBeEnabled()
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it("cancels the job: 'Canceling...' until the worker stops, then 'Generation canceled' and the form is back", async () => {
    let current = makeJob({ id: 9, status: 'running', stage: 'writing' })
    const { fetch, onOpenChange, user } = setup({
      'POST /api/workspace/posts/generate': json({ job: makeJob({ id: 9 }), usage: workspace.usage }, 202),
      'GET /api/workspace/jobs/9': () => json({ job: current }),
      // A running job is canceled once its worker hears of it: the answer still says running.
      'POST /api/workspace/jobs/9/cancel': () => json({ job: current }),
    })
    await categoryReady()
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Keto')
    await user.click(screen.getByRole('button', { name: 'Generate post' }))
    expect(await screen.findByText('Writing the article…')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('button', { name: 'Canceling...' })).toBeDisabled()
    expect(screen.getByText('Canceling…')).toBeInTheDocument()
    expect(fetch.mock.calls.filter((c) => String(c[0]).endsWith('/jobs/9/cancel') && c[1]?.method === 'POST')).toHaveLength(1)

    current = { ...current, status: 'canceled', error: "Canceled: no post was written and the month's usage was given back.", finishedAt: new Date().toISOString() }
    expect(await screen.findByText('Generation canceled')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Generate post' })).toBeEnabled()
    expect(screen.getByRole('textbox', { name: 'Topic' })).toHaveValue('Keto')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it('may be closed while the post is written: a toast says where to find it, and its end is still announced', async () => {
    let current = makeJob({ id: 11, status: 'running', stage: 'writing' })
    document.cookie = 'inkpress_csrf=t; path=/'
    mockFetch({
      'GET /api/workspace/categories': json({ categories: [general] }),
      'GET /api/workspace': json(workspace),
      'POST /api/workspace/posts/generate': json({ job: makeJob({ id: 11 }), usage: workspace.usage }, 202),
      'GET /api/workspace/jobs/11': () => json({ job: current }),
      'GET /api/workspace/posts/43': json({ post: makePost({ id: 43, title: 'Keto On The Go' }) }),
    })
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    await categoryReady()
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Keto on the go')
    await user.click(screen.getByRole('button', { name: 'Generate post' }))
    expect(await screen.findByText('Writing the article…')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Continue in background' }))
    expect(await screen.findByText("Still writing — you'll find it under Recent generations on your dashboard.")).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    current = { ...current, status: 'succeeded', postId: 43, finishedAt: new Date().toISOString() }
    expect(await screen.findByText('Post generated')).toBeInTheDocument()
    expect(screen.getByText('“Keto On The Go” is now live on your blog.')).toBeInTheDocument()

    // Opened again, the dialog starts afresh.
    await user.click(screen.getByRole('button', { name: 'Open' }))
    expect(await screen.findByRole('textbox', { name: 'Topic' })).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Generate post' })).toBeEnabled()
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
