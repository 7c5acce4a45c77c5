import { QueryClient, hydrate, type DehydratedState, type QueryKey } from '@tanstack/react-query'
import { ApiError } from '@/api/client'
import { DOM, PRIVATE_QUERY_KEYS } from '@/api/shared.gen'

/** Retries only transient failures (network, 5xx), never 4xx answers. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, err) => {
          if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false
          return count < 2
        },
      },
      mutations: { retry: false },
    },
  })
}

/**
 * Queries the server never fetches or puts into a page: the reader's session and account, the owner's and
 * admin's data, a newsletter link's one-time answer, a preview. Public pages are rendered once for every
 * reader. The list is the server's (server/frontend.PrivateQueries, whose API paths its render refuses too).
 */
const PRIVATE_ROOTS = new Set(PRIVATE_QUERY_KEYS)

export function isPrivateQuery(key: QueryKey): boolean {
  return typeof key[0] === 'string' && PRIVATE_ROOTS.has(key[0])
}

/** The id of the script element that carries the server's query cache (written by the Go server). */
export const PAGE_DATA_ID = DOM.dataId

/**
 * Seeds the query cache with the data the server rendered the page with, so the first render matches the
 * server's HTML and fetches nothing. The data is as fresh as the page (the server drops a cached page when its
 * content changes), so it counts as fetched now. Returns whether there was any.
 */
export function seedFromPage(client: QueryClient, doc: Document = document): boolean {
  const el = doc.getElementById(PAGE_DATA_ID)
  if (!el?.textContent) return false
  let state: DehydratedState
  try {
    state = JSON.parse(el.textContent) as DehydratedState
  } catch {
    return false
  }
  const now = Date.now()
  for (const q of state.queries ?? []) q.state.dataUpdatedAt = now
  hydrate(client, state)
  return true
}
