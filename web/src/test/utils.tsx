import type { ReactElement, ReactNode } from 'react'
import { render } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { QueryClient } from '@tanstack/react-query'
import { vi } from 'vitest'
import { AppProviders } from '@/App'
import type { BlogBrand, BlogResponse, Category, Me, PostSummary, Settings } from '@/api/types'

export function testClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  })
}

/** Shows the current location so tests can assert navigations. */
export function LocationProbe() {
  const loc = useLocation()
  return <div data-testid="location">{loc.pathname + loc.search}</div>
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path, client = testClient() }: { route?: string; path?: string; client?: QueryClient } = {},
) {
  const tree: ReactNode = path ? (
    <Routes>
      <Route path={path} element={ui} />
      <Route path="*" element={null} />
    </Routes>
  ) : (
    ui
  )
  const result = render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[route]}>
        {tree}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  )
  return { ...result, client }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status)
}

type Handler = (req: { url: URL; init: RequestInit | undefined; body: unknown }) => Response | Promise<Response>

/**
 * Installs a fetch mock. Keys are 'METHOD /path' (query ignored); unmatched requests answer 404.
 * Returns the vi.fn so tests can inspect calls.
 */
export function mockFetch(routes: Record<string, Handler | Response | object>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const key = `${method} ${url.pathname}`
    let body: unknown = undefined
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body)
      } catch {
        body = init.body
      }
    }
    const handler = routes[key]
    if (handler === undefined) return apiError(404, 'not_found', `No mock for ${key}`)
    if (typeof handler === 'function') return (handler as Handler)({ url, init, body })
    if (handler instanceof Response) return handler.clone()
    return json(handler)
  })
  vi.stubGlobal('fetch', fn)
  return fn
}

export const visitor: Me = { user: null, isAdmin: false, workspace: null, onboardingCompleted: false, verified: false }
export const owner: Me = {
  user: { id: 2, email: 'olivia@example.com', name: 'Olivia' },
  isAdmin: false,
  workspace: {
    id: 7,
    name: "Olivia's Blog",
    slug: 'olivias-blog',
    planTier: 'starter',
    status: 'active',
    customDomain: '',
    createdAt: '2025-01-01T00:00:00Z',
  },
  onboardingCompleted: true,
  verified: true,
}
export const admin: Me = { ...owner, user: { id: 1, email: 'admin@example.com', name: 'Admin' }, isAdmin: true }

export function makePost(over: Partial<PostSummary> = {}): PostSummary {
  return {
    id: 1,
    title: 'Ten Keto Breakfasts',
    slug: 'ten-keto-breakfasts',
    category: 'keto',
    categoryName: 'Keto',
    excerpt: 'Start your day right with these low-carb ideas...',
    coverImageUrl: '',
    tags: ['keto', 'breakfast', 'low carb', 'recipes'],
    tagSlugs: ['keto', 'breakfast', 'low-carb', 'recipes'],
    readMinutes: 4,
    publishedAt: '2025-01-05T12:00:00Z',
    updatedAt: '2025-01-05T12:00:00Z',
    viewCount: 10,
    workspaceSlug: 'site',
    url: '/keto/ten-keto-breakfasts',
    status: 'published',
    author: null,
    ...over,
  }
}

/** The Keto category of the blog fixtures. */
export function makeCategory(over: Partial<Category> = {}): Category {
  return {
    id: 1,
    name: 'Keto',
    slug: 'keto',
    description: 'Low-carb living',
    colorHex: '#10b981',
    gradient: 'linear-gradient(135deg,#10b981,#059669)',
    postCount: 1,
    ...over,
  }
}

/** Olivia's blog settings, as the blog and preview answers carry them. */
export const blogSettings: Settings = {
  blogTitle: 'Olivia Writes',
  blogDescription: 'Notes on food',
  templateId: 'template-2',
  primaryColor: '#f43f5e',
  fontFamily: 'Lora',
  onboardingCompleted: true,
  reviewAiPosts: false,
  brandVoice: '',
  language: 'en',
  defaultTone: 'professional',
  defaultLength: 'medium',
  newsletterEnabled: true,
  newsletterFullText: false,
  replyTo: '',
}

/** GET /api/blogs/olivias-blog: Olivia's blog with its settings and the given categories. */
export function makeBlog(categories: Category[]): BlogResponse {
  return { workspace: { name: "Olivia's Blog", slug: 'olivias-blog' }, settings: blogSettings, categories, brand: blogBrand }
}

/** Olivia's blog's brand: no marks uploaded (its icon drawn from its name), no links, the platform's name shown. */
export const blogBrand: BlogBrand = {
  logoUrl: '',
  faviconUrl: '',
  iconUrl: 'http://localhost/blog/olivias-blog/icon-32.png?v=0a1b2c3d4e5f',
  socialImageUrl: '',
  socialLinks: [],
  whiteLabel: false,
  feedUrl: 'http://localhost/blog/olivias-blog/feed.xml',
  homeUrl: 'http://localhost/blog/olivias-blog',
}
