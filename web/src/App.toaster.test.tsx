import { afterEach, describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { toast } from '@/lib/toast'
import { AppProviders } from '@/App'
import { testClient } from '@/test/utils'

afterEach(() => {
  toast.dismiss()
})

describe('toasts', () => {
  it('appear at the bottom right, away from the top bar', async () => {
    render(
      <AppProviders client={testClient()}>
        <p>page</p>
      </AppProviders>,
    )
    act(() => {
      toast.success('Post updated')
    })
    expect(await screen.findByText('Post updated')).toBeInTheDocument()
    const list = document.querySelector('[data-sonner-toaster]')
    expect(list).toHaveAttribute('data-y-position', 'bottom')
    expect(list).toHaveAttribute('data-x-position', 'right')
  })
})
