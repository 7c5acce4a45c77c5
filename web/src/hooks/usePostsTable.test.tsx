import { describe, expect, it } from 'vitest'
import type { ReactNode } from 'react'
import { act, renderHook, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { AppProviders } from '@/App'
import { json, makePost, mockFetch, testClient } from '@/test/utils'
import { usePostsTable } from './usePostsTable'

function wrapper({ children }: { children: ReactNode }) {
  return (
    <AppProviders client={testClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </AppProviders>
  )
}

describe('usePostsTable summary', () => {
  it("says '1 post matches your filters' for one filtered result and '2 posts' unfiltered", async () => {
    mockFetch({
      'GET /api/workspace/posts': ({ url }) =>
        url.searchParams.get('search')
          ? json({ posts: [makePost()], total: 1 })
          : json({ posts: [makePost(), makePost({ id: 2, slug: 'b' })], total: 2 }),
      'GET /api/workspace/categories': json({ categories: [] }),
    })
    const { result } = renderHook(() => usePostsTable(), { wrapper })
    await waitFor(() => expect(result.current.summary).toBe('2 posts'))
    act(() => result.current.setSearch('keto'))
    await waitFor(() => expect(result.current.summary).toBe('1 post matches your filters'))
  })
})
