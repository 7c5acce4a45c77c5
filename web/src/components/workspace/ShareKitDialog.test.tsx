import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import type { OwnerPost } from '@/api/types'
import { json, makePost, mockFetch, renderWithProviders } from '@/test/utils'
import { ShareKitDialog } from '@/components/workspace/ShareKitDialog'

const summary = makePost({ id: 5, title: 'Ten Keto Breakfasts', url: '/blog/olivias-blog/keto/ten-keto-breakfasts' })
const full: OwnerPost = {
  ...summary,
  content: '<h2>Start</h2><p>Eggs are great. Bacon helps. Avocado rounds it off. Coffee too.</p>',
  metaTitle: '',
  metaDescription: '',
  canonicalUrl: 'https://inkpress.dev/blog/olivias-blog/keto/ten-keto-breakfasts',
}

function setup(writeText: (t: string) => Promise<void>, fakeTimers = false) {
  mockFetch({ 'GET /api/workspace/posts/5': json({ post: full }) })
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {})
  // After setup: user-event installs its own clipboard stub.
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  renderWithProviders(<ShareKitDialog post={summary} onClose={() => {}} />)
  return user
}

afterEach(() => {
  vi.useRealTimers()
  toast.dismiss()
})

describe('share kit dialog', () => {
  it('builds the text per platform with a counter and status', async () => {
    const user = setup(vi.fn().mockResolvedValue(undefined))
    const dialog = await screen.findByRole('dialog', { name: 'Share kit' })
    const text = within(dialog).getByRole('textbox')
    await vi.waitFor(() => expect(text).toHaveValue(
      'Ten Keto Breakfasts\n\nEggs are great.\n\n#keto #breakfast\n\nhttps://inkpress.dev/blog/olivias-blog/keto/ten-keto-breakfasts',
    ))
    const expected = (text as HTMLTextAreaElement).value.length
    expect(within(dialog).getByText(`${expected} / 280 characters`)).toBeInTheDocument()
    expect(within(dialog).getByText('Good')).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: /Open X/ })).toHaveAttribute('href', expect.stringContaining('https://twitter.com/intent/tweet?text='))

    await user.click(within(dialog).getByRole('tab', { name: 'LinkedIn' }))
    expect((text as HTMLTextAreaElement).value).toContain('Eggs are great. Bacon helps. Avocado rounds it off.')
    expect((text as HTMLTextAreaElement).value).toContain('#keto #breakfast #lowCarb')
    expect(within(dialog).getByText(/\/ 3,000 characters/)).toBeInTheDocument()

    await user.click(within(dialog).getByRole('tab', { name: 'Instagram' }))
    expect(within(dialog).queryByRole('link', { name: /Open/ })).not.toBeInTheDocument()

    // Editing updates the counter: near and over the X limit.
    await user.click(within(dialog).getByRole('tab', { name: 'X' }))
    await user.clear(text)
    await user.click(text)
    await user.paste('a'.repeat(260))
    expect(within(dialog).getByText('Near limit')).toBeInTheDocument()
    await user.paste('a'.repeat(20))
    expect(within(dialog).getByText('Over limit!')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }))
    expect(within(dialog).getByText('Good')).toBeInTheDocument()
  })

  it("shows 'Copied!' for 2 seconds", async () => {
    // The clock moves only when the test moves it, however slow the machine: Testing Library's
    // findBy/waitFor advance fake timers when they see a `jest` global with advanceTimersByTime.
    vi.useFakeTimers()
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
    const writeText = vi.fn().mockResolvedValue(undefined)
    const user = setup(writeText, true)
    const dialog = await screen.findByRole('dialog', { name: 'Share kit' })
    await vi.waitFor(() => expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toContain('Eggs are great.'))
    const clicked = Date.now()
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }))
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('Ten Keto Breakfasts'))
    expect(await within(dialog).findByRole('button', { name: 'Copied!' })).toBeInTheDocument()
    const shown = Date.now()
    // 1.9 s after the click: still 'Copied!'; 2 s after it showed: back to 'Copy'.
    await act(async () => {
      vi.advanceTimersByTime(clicked + 1900 - Date.now())
    })
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument()
    await act(async () => {
      vi.advanceTimersByTime(shown + 2000 - Date.now())
    })
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument()
  })

  it("toasts 'Copy failed' / 'Please copy manually'", async () => {
    const user = setup(vi.fn().mockRejectedValue(new Error('denied')))
    const dialog = await screen.findByRole('dialog', { name: 'Share kit' })
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }))
    expect(await screen.findByText('Copy failed')).toBeInTheDocument()
    expect(screen.getByText('Please copy manually')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument()
  })
})
