import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { AppRoutes } from '@/App'
import { preloadLazyPages } from '@/lib/lazyPage'
import type { Category, Post, PostPatch, Revision, WorkspaceResponse } from '@/api/types'
import { workspaceResponse } from '@/routes/admin/fixtures'
import { apiError, json, makePost, mockFetch, owner, renderWithProviders } from '@/test/utils'
import { AUTOSAVE_MS } from '@/features/post/usePostDesk'
import { fromLocalInput } from '@/features/post/schedule'

const keto: Category = { id: 1, name: 'Keto', slug: 'keto', description: '', colorHex: '#10b981', gradient: '', postCount: 2 }

function makeFull(over: Partial<Post> = {}): Post {
  return {
    ...makePost({ id: 9, title: 'Keto on a Budget', slug: 'keto-on-a-budget', status: 'draft', workspaceSlug: 'olivias-blog', url: '/blog/olivias-blog/keto/keto-on-a-budget' }),
    content: '<p>Cheap and good.</p>',
    rawContent: '<p>Cheap and good.</p>',
    metaTitle: '',
    metaDescription: '',
    canonicalUrl: '',
    banners: [],
    coverAlt: '',
    previewUrl: '/preview/9/abc',
    ...over,
  }
}

type Call = { method: string; path: string; body: unknown }

function setup(post: Post | null, { routes = {}, patch }: { routes?: Record<string, unknown>; patch?: (body: PostPatch) => Response } = {}) {
  document.cookie = 'inkpress_csrf=t; path=/'
  const calls: Call[] = []
  const record =
    (answer: (body: PostPatch) => Response) =>
    ({ url, init, body }: { url: URL; init: RequestInit | undefined; body: unknown }) => {
      calls.push({ method: init?.method ?? 'GET', path: url.pathname, body })
      return answer(body as PostPatch)
    }
  const fetch = mockFetch({
    'GET /api/auth/me': json(owner),
    'GET /api/categories': json({ categories: [] }),
    'GET /api/workspace/categories': json({ categories: [keto] }),
    'GET /api/workspace/posts': json({ posts: [], total: 0 }),
    'GET /api/workspace': json(workspaceResponse),
    ...(post
      ? {
          'GET /api/workspace/posts/9': json({ post }),
          'GET /api/workspace/posts/9/revisions': json({ revisions: [] }),
          'PATCH /api/workspace/posts/9': record(patch ?? ((b) => json({ post: { ...post, ...b, status: b.status ?? post.status } }))),
        }
      : {}),
    ...Object.fromEntries(Object.entries(routes).map(([k, v]) => [k, typeof v === 'function' ? record(v as (b: PostPatch) => Response) : v])),
  })
  const user = userEvent.setup()
  renderWithProviders(<AppRoutes />, { route: post ? '/dashboard/posts/9' : '/dashboard/posts/new' })
  return { fetch, user, calls }
}

const location = () => screen.getByTestId('location')
const titleInput = () => screen.getByRole('textbox', { name: 'Title' })
const statusPanel = () => screen.getByRole('region', { name: 'Status & publishing' })

afterEach(() => {
  toast.dismiss()
})

beforeAll(preloadLazyPages)

describe('the post desk', () => {
  it('creates a draft when typing stops, then keeps saving it at its own address', async () => {
    const created = makeFull({ id: 42, title: 'My first post', slug: 'my-first-post', content: '', rawContent: '' })
    const { user, calls } = setup(null, {
      routes: {
        'POST /api/workspace/posts': () => json({ post: created }, 201),
        'GET /api/workspace/posts/42/revisions': json({ revisions: [] }),
        'PATCH /api/workspace/posts/42': (b: PostPatch) => json({ post: { ...created, ...b } }),
      },
    })
    await screen.findByRole('region', { name: 'Status & publishing' })
    expect(screen.getByRole('heading', { name: 'New post' })).toBeInTheDocument()
    expect(within(statusPanel()).getByRole('button', { name: 'Save draft' })).toBeInTheDocument()
    await user.type(titleInput(), 'My first post')
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Unsaved changes')

    await waitFor(() => expect(location()).toHaveTextContent('/dashboard/posts/42'), { timeout: AUTOSAVE_MS + 10_000 })
    expect(calls).toEqual([{ method: 'POST', path: '/api/workspace/posts', body: { title: 'My first post', content: '', category: 'keto', sendNewsletter: true } }])
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Edit post' })).toBeInTheDocument()
    // the slug the server made shows up, and the desk kept what was typed
    expect(screen.getByRole('textbox', { name: 'Slug' })).toHaveValue('my-first-post')
    expect(titleInput()).toHaveValue('My first post')

    await user.type(titleInput(), '!')
    await waitFor(() => expect(calls).toHaveLength(2), { timeout: AUTOSAVE_MS + 10_000 })
    expect(calls[1]).toEqual({ method: 'PATCH', path: '/api/workspace/posts/42', body: { title: 'My first post!' } })
  })

  it('publishes a draft with its changes', async () => {
    const { user, calls } = setup(makeFull())
    await screen.findByRole('region', { name: 'Status & publishing' })
    await user.clear(screen.getByRole('textbox', { name: 'Tags' }))
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'keto, budget')
    await user.click(within(statusPanel()).getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Post published')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'PATCH', path: '/api/workspace/posts/9', body: { tags: ['keto', 'budget'], status: 'published' } }])
    expect(within(statusPanel()).getByText('Published')).toBeInTheDocument()
    expect(within(statusPanel()).getByRole('button', { name: 'Unpublish' })).toBeInTheDocument()
    expect(within(statusPanel()).getByRole('button', { name: 'Update' })).toBeDisabled()
  })

  it('shows the server’s answer when the schedule time is in the past', async () => {
    const { user, calls } = setup(makeFull(), { patch: () => apiError(400, 'invalid_input', 'The publish time must be in the future') })
    await screen.findByRole('region', { name: 'Status & publishing' })
    await user.click(within(statusPanel()).getByRole('button', { name: 'Schedule' }))
    const when = screen.getByLabelText('Publish on')
    // What typing in the field sends: an input event (React's and Preact's onChange both listen to it).
    fireEvent.input(when, { target: { value: '2020-01-02T09:30' } })
    await user.click(within(statusPanel()).getByRole('button', { name: 'Schedule' }))
    expect(await screen.findByText('Error scheduling post')).toBeInTheDocument()
    expect(within(statusPanel()).getByRole('alert')).toHaveTextContent('The publish time must be in the future')
    expect(calls).toEqual([
      { method: 'PATCH', path: '/api/workspace/posts/9', body: { status: 'scheduled', publishAt: fromLocalInput('2020-01-02T09:30') } },
    ])
    expect(within(statusPanel()).getByText('Draft')).toBeInTheDocument()
  })

  it('keeps a live post’s regenerated cover with the unsaved changes until “Update”, alt text kept', async () => {
    const live = makeFull({ status: 'published', coverImageUrl: '/media/1/covers/1-aaaaaaaa-old.jpg', coverAlt: 'Eggs on a plate' })
    const { user, calls } = setup(live, {
      routes: {
        'POST /api/workspace/posts/9/cover': () =>
          json({ post: live, usage: workspaceResponse.usage, coverImageUrl: '/media/1/covers/2-bbbbbbbb-new.jpg', applied: false }),
      },
    })
    const cover = await screen.findByRole('region', { name: 'Cover image' })
    await user.click(within(cover).getByRole('button', { name: 'Regenerate with AI' }))
    expect(await screen.findByText('Update the post to publish the new cover.')).toBeInTheDocument()
    expect(cover.querySelector('img')).toHaveAttribute('src', '/media/1/covers/2-bbbbbbbb-new.jpg')
    expect(within(cover).getByRole('textbox', { name: 'Cover alt text' })).toHaveValue('Eggs on a plate')
    expect(screen.getByText('Unsaved changes: Update to publish them')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'POST', path: '/api/workspace/posts/9/cover', body: undefined }])

    await user.click(within(statusPanel()).getByRole('button', { name: 'Update' }))
    expect(await screen.findByText('Post updated')).toBeInTheDocument()
    expect(calls[1]).toEqual({ method: 'PATCH', path: '/api/workspace/posts/9', body: { coverImageUrl: '/media/1/covers/2-bbbbbbbb-new.jpg' } })
  })

  it('keeps a published post’s edits until “Update”, and asks before leaving them', async () => {
    const { user, calls } = setup(makeFull({ status: 'published' }))
    await screen.findByRole('region', { name: 'Status & publishing' })
    expect(within(statusPanel()).getByRole('button', { name: 'Update' })).toBeDisabled()
    await user.type(titleInput(), ' (2025)')
    expect(screen.getByText('Unsaved changes: Update to publish them')).toBeInTheDocument()
    // no autosave for a published post
    await new Promise((r) => setTimeout(r, AUTOSAVE_MS + 500))
    expect(calls).toEqual([])

    await user.click(screen.getByRole('link', { name: 'My Posts', current: false }))
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' })
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }))
    expect(location()).toHaveTextContent('/dashboard/posts/9')

    await user.click(within(statusPanel()).getByRole('button', { name: 'Update' }))
    expect(await screen.findByText('Post updated')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'PATCH', path: '/api/workspace/posts/9', body: { title: 'Keto on a Budget (2025)' } }])
    expect(screen.getByText('Saved')).toBeInTheDocument()

    await user.click(screen.getAllByRole('link', { name: 'My Posts' })[0])
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard\/posts$/))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('restores a revision after asking', async () => {
    const old: Revision = { id: 3, title: 'Keto for Less', content: '<p>Old body.</p>', wordCount: 2, createdAt: '2025-01-04T10:00:00Z' }
    const { user, calls } = setup(makeFull(), {
      routes: {
        'GET /api/workspace/posts/9/revisions': json({ revisions: [old] }),
        'POST /api/workspace/posts/9/revisions/3/restore': () => json({ post: makeFull({ title: old.title, rawContent: old.content, content: old.content }) }),
      },
    })
    const panel = await screen.findByRole('region', { name: 'Revisions' })
    expect(await within(panel).findByText('Keto for Less')).toBeInTheDocument()
    expect(within(panel).getByText(/2 words/)).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: /Restore the version of/ }))
    const ask = await screen.findByRole('alertdialog', { name: 'Restore this version?' })
    await user.click(within(ask).getByRole('button', { name: 'Restore' }))
    expect(await screen.findByText('Revision restored')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'POST', path: '/api/workspace/posts/9/revisions/3/restore', body: undefined }])
    expect(titleInput()).toHaveValue('Keto for Less')
    expect(screen.getByRole('textbox', { name: 'Content' })).toHaveTextContent('Old body.')
    // the restored version is the saved one: nothing to save
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument()
  })

  it('makes a new preview link that the next preview opens, keeping the edits', async () => {
    // The server's post: its link changes with the POST, a save answers it.
    let link = '/preview/9/abc'
    const { user, calls } = setup(makeFull({ previewExpiresAt: '2025-01-10T10:00:00Z' }), {
      routes: {
        'POST /api/workspace/posts/9/preview': () => {
          link = '/preview/9/fresh'
          return json({ post: makeFull({ title: 'Server title', previewUrl: link, previewExpiresAt: '2025-01-17T10:00:00Z' }) })
        },
      },
      patch: (b) => json({ post: { ...makeFull(), ...b, previewUrl: link } }),
    })
    const panel = await screen.findByRole('region', { name: 'Preview' })
    await user.type(titleInput(), '!')
    await user.click(within(panel).getByRole('button', { name: 'New link' }))
    expect(await screen.findByText('New preview link made')).toBeInTheDocument()
    expect(calls.filter((c) => c.path.endsWith('/preview'))).toEqual([{ method: 'POST', path: '/api/workspace/posts/9/preview', body: undefined }])
    expect(titleInput()).toHaveValue('Keto on a Budget!')
    const tab = { opener: {}, location: { href: '' }, close: () => {} }
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    try {
      await user.click(within(panel).getByRole('button', { name: 'Open preview' }))
      await waitFor(() => expect(tab.location.href).toBe('/preview/9/fresh'))
    } finally {
      open.mockRestore()
    }
  })

  it('says so when a new preview link cannot be made', async () => {
    const { user } = setup(makeFull(), {
      routes: { 'POST /api/workspace/posts/9/preview': apiError(404, 'post_not_found', 'Post not found') },
    })
    const panel = await screen.findByRole('region', { name: 'Preview' })
    await user.click(within(panel).getByRole('button', { name: 'New link' }))
    expect(await screen.findByText('Error making a new preview link')).toBeInTheDocument()
  })

  it('asks for a title before publishing, and shows a taken slug next to the field', async () => {
    const { user, calls } = setup(makeFull(), { patch: () => apiError(409, 'slug_taken', 'Another post of this blog has that address') })
    await screen.findByRole('region', { name: 'Status & publishing' })
    await user.clear(titleInput())
    await user.click(within(statusPanel()).getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Title required')).toBeInTheDocument()
    expect(titleInput()).toHaveAccessibleDescription('Please enter a title')
    expect(calls).toEqual([])

    await user.type(titleInput(), 'Keto on a Budget')
    const slug = screen.getByRole('textbox', { name: 'Slug' })
    await user.clear(slug)
    await user.type(slug, 'ten-keto-breakfasts')
    await user.click(within(statusPanel()).getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Error publishing post')).toBeInTheDocument()
    expect(slug).toHaveAccessibleDescription('Another post of this blog has that address')
    expect(calls).toEqual([{ method: 'PATCH', path: '/api/workspace/posts/9', body: { slug: 'ten-keto-breakfasts', status: 'published' } }])
    expect(within(statusPanel()).getByText('Draft')).toBeInTheDocument()
  })

  it('e-mails a new post when the blog sends newsletters unless the box is unticked', async () => {
    const created = makeFull({ id: 42, title: 'Quiet post' })
    const { user, calls } = setup(null, {
      routes: {
        'POST /api/workspace/posts': () => json({ post: { ...created, newsletter: 'off' } }, 201),
        'GET /api/workspace/posts/42/revisions': json({ revisions: [] }),
      },
    })
    const box = await screen.findByRole('checkbox', { name: "E-mail this post to subscribers when it's published" })
    expect(box).toBeChecked()
    await user.click(box)
    await user.type(titleInput(), 'Quiet post')
    await user.click(within(statusPanel()).getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('Draft saved')).toBeInTheDocument()
    expect(calls[0]).toMatchObject({ method: 'POST', body: { title: 'Quiet post', sendNewsletter: false } })
  })

  it('starts a new post unticked, with a way to Settings, when the blog does not send newsletters', async () => {
    const off: WorkspaceResponse = { ...workspaceResponse, settings: { ...workspaceResponse.settings, newsletterEnabled: false } }
    setup(null, { routes: { 'GET /api/workspace': json(off) } })
    const box = await screen.findByRole('checkbox', { name: "E-mail this post to subscribers when it's published" })
    expect(box).not.toBeChecked()
    expect(screen.getByText(/E-mailing new posts is off for this blog/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Turn it on in Settings' })).toHaveAttribute('href', '/dashboard/settings')
  })

  it('sends the changed choice of a scheduled post with Update', async () => {
    const { user, calls } = setup(makeFull({ status: 'scheduled', publishAt: '2030-01-01T10:00:00Z', newsletter: 'pending' }))
    const box = await screen.findByRole('checkbox', { name: "E-mail this post to subscribers when it's published" })
    expect(box).toBeChecked()
    await user.click(box)
    await user.click(within(statusPanel()).getByRole('button', { name: 'Update' }))
    expect(await screen.findByText('Post updated')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'PATCH', path: '/api/workspace/posts/9', body: { sendNewsletter: false } }])
  })

  it('says what became of a published post’s e-mail instead of the box', async () => {
    setup(makeFull({ status: 'published', newsletter: 'sent', newsletterRecipients: 12 }))
    const panel = await screen.findByRole('region', { name: 'Newsletter' })
    expect(within(panel).getByRole('status')).toHaveTextContent('Sent to 12 subscribers')
    expect(screen.queryByRole('checkbox', { name: /E-mail this post/ })).not.toBeInTheDocument()
  })

  it('shows why a post was not e-mailed', async () => {
    setup(makeFull({ status: 'published', newsletter: 'skipped', newsletterNote: 'verify your e-mail address first' }))
    expect(await screen.findByText('Not sent: verify your e-mail address first')).toBeInTheDocument()
  })

  it('has no newsletter box for a post published before newsletters', async () => {
    setup(makeFull({ status: 'published', newsletter: 'none' }))
    await screen.findByRole('region', { name: 'Status & publishing' })
    expect(screen.queryByRole('region', { name: 'Newsletter' })).not.toBeInTheDocument()
  })
})
