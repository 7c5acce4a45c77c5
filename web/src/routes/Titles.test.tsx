/**
 * Reader pages keep the server's title when the app takes over: the app names tag, search, preview and
 * newsletter-link pages by the same rule as the server's head (server/frontend/titles.go), whose answers
 * TITLE_CASES holds.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useEffect, useState } from 'react'
import { render, screen, waitFor } from '@testing-library/react'
import { AppRoutes } from '@/App'
import { TITLE_CASES } from '@/api/shared.cases.gen'
import { PAGE_TITLES } from '@/api/shared.gen'
import type { PreviewResponse } from '@/api/types'
import { blogPageTitle, pagedTitle, previewTitle, searchTitle, tagTitle, usePageMeta } from '@/hooks/usePageMeta'
import { loadedTable, loadTable, readerText } from '@/lib/readerText'
import { blogSettings, json, makeBlog, makeCategory, makePost, mockFetch, renderWithProviders, visitor } from '@/test/utils'

function pageName(kind: string, text: string): string {
  switch (kind) {
    case 'tag':
      return tagTitle(text)
    case 'search':
      return searchTitle(text)
    case 'preview':
      return previewTitle(text)
    case 'confirm':
      return PAGE_TITLES.confirm
    case 'unsubscribe':
      return PAGE_TITLES.unsubscribe
  }
  return text
}

describe('the title rule', () => {
  beforeAll(async () => {
    await Promise.all(TITLE_CASES.map(([, , , , lang]) => loadTable(lang)))
  })

  it.each(TITLE_CASES)('%s %j, page %d, on %j in %s is %j, as the server says', (kind, text, page, blog, lang, want) => {
    expect(blogPageTitle(pagedTitle(pageName(kind, text), page, readerText(loadedTable(lang)!)), blog)).toBe(want)
  })
})

const keto = makeCategory()
const olivia = (path: string) =>
  makePost({ workspaceSlug: 'olivias-blog', url: `/blog/olivias-blog/keto/${path}`, slug: path, tags: ['Low Carb'], tagSlugs: ['low-carb'] })

function api() {
  const preview: PreviewResponse = {
    post: { ...olivia('ten-keto-breakfasts'), content: '<p>Eggs.</p>', metaTitle: 'Best Keto Breakfasts', metaDescription: '', canonicalUrl: '', status: 'draft' } as PreviewResponse['post'],
    blog: { name: "Olivia's Blog", slug: 'olivias-blog' },
    settings: blogSettings,
  }
  return mockFetch({
    'GET /api/site': json({ name: 'InkPress', tagline: 't', siteWorkspace: 'site', baseUrl: 'https://inkpress.dev', blog: '' }),
    'GET /api/auth/me': json(visitor),
    'GET /api/categories': json({ categories: [keto] }),
    'GET /api/blogs/olivias-blog': json(makeBlog([keto])),
    'GET /api/posts': json({ posts: [olivia('ten-keto-breakfasts')], page: 1, hasMore: false }),
    'GET /api/preview/42/tok': json(preview),
  })
}

/** The server's head: a title and the social tags the app keeps in step. */
beforeEach(() => {
  for (const prop of ['og:title', 'twitter:title']) {
    const m = document.createElement('meta')
    m.setAttribute(prop.startsWith('og:') ? 'property' : 'name', prop)
    m.setAttribute('content', 'before the app')
    document.head.appendChild(m)
  }
  document.title = 'before the app'
})

afterEach(() => {
  document.head.querySelectorAll('meta[property="og:title"], meta[name="twitter:title"], meta[name="robots"]').forEach((m) => m.remove())
})

const ogTitle = () => document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')

describe("a reader page's title after the app takes over", () => {
  it.each([
    ['/blog/olivias-blog/tag/low-carb', '#Low Carb | Olivia Writes', () => blogPageTitle(tagTitle('Low Carb'), 'Olivia Writes')],
    ['/blog/olivias-blog/tag/low-carb?page=2', '#Low Carb – Page 2 | Olivia Writes', () => blogPageTitle(pagedTitle(tagTitle('Low Carb'), 2), 'Olivia Writes')],
    ['/tag/low-carb', '#Low Carb | InkPress', () => blogPageTitle(tagTitle('Low Carb'), '')],
    ['/blog/olivias-blog/search?q=keto', 'Search: keto | Olivia Writes', () => blogPageTitle(searchTitle('keto'), 'Olivia Writes')],
    ['/blog/olivias-blog/search', 'Search | Olivia Writes', () => blogPageTitle(searchTitle(''), 'Olivia Writes')],
    ['/search?q=keto&page=3', 'Search: keto – Page 3 | InkPress', () => blogPageTitle(pagedTitle(searchTitle('keto'), 3), '')],
    ['/preview/42/tok', 'Preview: Best Keto Breakfasts | Olivia Writes', () => blogPageTitle(previewTitle('Best Keto Breakfasts'), 'Olivia Writes')],
    ['/blog/olivias-blog/confirm?token=t', 'Confirm your subscription | Olivia Writes', () => blogPageTitle(PAGE_TITLES.confirm, 'Olivia Writes')],
    ['/blog/olivias-blog/unsubscribe?token=t', 'Unsubscribe | Olivia Writes', () => blogPageTitle(PAGE_TITLES.unsubscribe, 'Olivia Writes')],
    ['/confirm?token=t', 'Confirm your subscription | InkPress', () => blogPageTitle(PAGE_TITLES.confirm, '')],
    ['/blog/olivias-blog/keto?page=2', 'Keto – Page 2 | Olivia Writes', () => blogPageTitle(pagedTitle('Keto', 2), 'Olivia Writes')],
    ['/blog/olivias-blog?page=2', 'Page 2 | Olivia Writes', () => blogPageTitle(pagedTitle('', 2), 'Olivia Writes')],
    ['/keto?page=2', 'Keto – Page 2 | InkPress', () => blogPageTitle(pagedTitle('Keto', 2), '')],
    ['/posts?page=2', 'All posts – Page 2 | InkPress', () => blogPageTitle(pagedTitle(PAGE_TITLES.allPosts, 2), '')],
    ['/?page=2', 'Page 2 | InkPress', () => blogPageTitle(pagedTitle('', 2), '')],
  ])('%s is %j', async (route, want, rule) => {
    expect(rule()).toBe(want) // the server's rule (checked above against its answers) gives this title
    api()
    renderWithProviders(<AppRoutes />, { route })
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe(want))
    expect(ogTitle()).toBe(want)
  })

  it('leaves the head as it is while the page does not know its title yet', async () => {
    function Loading() {
      usePageMeta(null, null, 'Olivia Writes')
      const [ran, setRan] = useState(false)
      // Declared after usePageMeta: its effect has run when this one has.
      useEffect(() => setRan(true), [])
      return <p>{ran ? 'ready' : 'rendering'}</p>
    }
    render(<Loading />)
    expect(await screen.findByText('ready')).toBeInTheDocument()
    expect(document.title).toBe('before the app')
    expect(ogTitle()).toBe('before the app')
  })
})
