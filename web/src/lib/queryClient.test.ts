import { describe, expect, it } from 'vitest'
import { QueryClient, QueryObserver, dehydrate } from '@tanstack/react-query'
import { PAGE_DATA_ID, isPrivateQuery, seedFromPage } from './queryClient'

describe('isPrivateQuery', () => {
  it.each([
    [['me'], true],
    [['workspace', 'posts', {}], true],
    [['admin', 'workspaces'], true],
    [['subscription', 'confirm', 'ws', 'tok'], true],
    [['account'], true],
    [['preview', '7', 'tok'], true],
    [['site'], false],
    [['post', '', 'tech', 'hello'], false],
    [['posts', { limit: 6 }], false],
    [['categories', ''], false],
  ])('%j → %s', (key, want) => {
    expect(isPrivateQuery(key)).toBe(want)
  })
})

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('page')
  const el = doc.createElement('script')
  el.id = PAGE_DATA_ID
  el.type = 'application/json'
  el.textContent = json
  doc.body.appendChild(el)
  return doc
}

describe('seedFromPage', () => {
  it('fills the cache with the page data, fresh now, so nothing is fetched on mount', () => {
    const server = new QueryClient()
    server.setQueryData(['site'], { name: 'InkPress' })
    const state = dehydrate(server)
    // A page cached an hour ago still counts as fresh data: it is dropped when its content changes.
    for (const q of state.queries) q.state.dataUpdatedAt = Date.now() - 3_600_000
    const client = new QueryClient()
    expect(seedFromPage(client, pageWith(JSON.stringify(state)))).toBe(true)
    expect(client.getQueryData(['site'])).toEqual({ name: 'InkPress' })
    let fetched = 0
    const observer = new QueryObserver(client, {
      queryKey: ['site'],
      queryFn: () => {
        fetched++
        return { name: 'again' }
      },
      staleTime: 60_000,
    })
    const unsubscribe = observer.subscribe(() => {})
    unsubscribe()
    expect(fetched).toBe(0)
  })

  it('ignores a page without data or with broken data', () => {
    const client = new QueryClient()
    expect(seedFromPage(client, document.implementation.createHTMLDocument('x'))).toBe(false)
    expect(seedFromPage(client, pageWith('{not json'))).toBe(false)
    expect(client.getQueryCache().getAll()).toHaveLength(0)
  })
})
