/**
 * The server's entry: renders a public route to HTML inside the Go server's embedded JavaScript engine
 * (see internal/ssr). There is no DOM, no network and no timers there: the engine provides a `fetch` that
 * answers GET /api/... in process, and drives the passes below.
 *
 * A page is rendered in passes: each pass renders the route; the queries it asked for that have no data yet
 * are then fetched (their promises settle when the engine runs its jobs, between passes), and the next pass
 * renders with that data. When a pass asks for nothing new, its HTML is the page and the query cache is
 * serialised into the page, where it seeds the browser's query cache before hydration.
 */
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { QueryClient, dehydrate, type Query } from '@tanstack/react-query'
import { AppProviders, AppRoutes } from './App'
import { setServerHref } from './lib/location'
import { isPrivateQuery } from './lib/queryClient'
import { takeServerFonts } from './lib/fontLoader'
import { registerTables } from './lib/readerText'
import { ALL_TABLES } from './api/locale/all.gen'

// Every language's texts at once: a page renders in one go, whatever its blog's language.
registerTables(ALL_TABLES)

export interface RenderInput {
  /** The request's absolute URL (origin, path and query). */
  url: string
}

export interface PassResult {
  html: string
  /** Queries started by this pass: another pass is needed when > 0. */
  fetching: number
  /** The blog fonts the page uses (the server links them in the head). */
  fonts: string[]
}

let client: QueryClient | null = null
let input: RenderInput | null = null

/** Starts a page: a fresh query cache (one per page: nothing is shared between pages or workspaces). */
export function begin(json: string): void {
  input = JSON.parse(json) as RenderInput
  setServerHref(input.url)
  client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  })
}

/** The `enabled` option the component gave its query (a boolean or a function of the query). */
function enabled(q: Query): boolean {
  const e = (q.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled
  return typeof e === 'function' ? e(q) : e !== false
}

/** Whether the query should be fetched on the server: public data only, never the reader's session. */
function serverFetchable(q: Query): boolean {
  return q.state.status === 'pending' && q.state.fetchStatus === 'idle' && !isPrivateQuery(q.queryKey) && enabled(q)
}

/** Renders once and starts fetching what the render asked for. */
export function pass(): PassResult {
  if (!client || !input) throw new Error('begin() was not called')
  const u = new URL(input.url)
  takeServerFonts()
  const html = renderToString(
    <AppProviders client={client}>
      <StaticRouter location={u.pathname + u.search}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  )
  let fetching = 0
  for (const q of client.getQueryCache().getAll()) {
    if (!serverFetchable(q)) continue
    fetching++
    // Errors stay in the query's state (the page renders its error block, as the app would).
    q.fetch().catch(() => undefined)
  }
  return { html, fetching, fonts: takeServerFonts() }
}

/** The page's data: every public query that succeeded, as JSON for the browser's query cache. */
export function data(): string {
  if (!client) throw new Error('begin() was not called')
  const state = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' && !isPrivateQuery(q.queryKey) })
  client.clear()
  client = null
  return JSON.stringify(state)
}
