import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { AppRoutes } from '@/App'
import type { BlogResponse } from '@/api/types'
import { blogBrand, json, mockFetch, renderWithProviders, visitor } from '@/test/utils'
import { blogPageTitle, pageTitle } from './usePageMeta'

describe('pageTitle', () => {
  it.each([
    ['', 'InkPress'],
    ['InkPress', 'InkPress'],
    ['About', 'About | InkPress'],
    ['Keto – Olivia Writes', 'Keto – Olivia Writes | InkPress'],
    // Never the site's name twice.
    ['Keto – InkPress', 'Keto – InkPress'],
    ['Keto | InkPress', 'Keto | InkPress'],
    // A title that merely mentions the name still gets the suffix.
    ['Why I moved to InkPress', 'Why I moved to InkPress | InkPress'],
  ])('%j → %j', (title, want) => expect(pageTitle(title)).toBe(want))
})

describe('pageTitle with a name', () => {
  it.each([
    ['Keto', 'Olivia Writes', 'Keto | Olivia Writes'],
    ['', 'Olivia Writes', 'Olivia Writes'],
    ['Olivia Writes', 'Olivia Writes', 'Olivia Writes'],
    ['Keto | Olivia Writes', 'Olivia Writes', 'Keto | Olivia Writes'],
  ])('%j on %j → %j', (title, name, want) => expect(pageTitle(title, name)).toBe(want))
})

describe('blogPageTitle', () => {
  it("names the page's blog, and the product on the site's own blog", () => {
    expect(blogPageTitle('Keto', 'Olivia Writes')).toBe('Keto | Olivia Writes')
    expect(blogPageTitle('Olivia Writes', 'Olivia Writes')).toBe('Olivia Writes')
    expect(blogPageTitle('Keto', 'InkPress')).toBe('Keto | InkPress')
    expect(blogPageTitle('Keto', '')).toBe('Keto | InkPress')
    expect(blogPageTitle('Keto', null)).toBe('Keto | InkPress')
  })
})

describe('blog category titles', () => {
  const blog = (title: string, slug: string): BlogResponse => ({
    workspace: { name: title, slug },
    settings: {
      blogTitle: title,
      blogDescription: '',
      templateId: 'template-1',
      primaryColor: '#6366f1',
      fontFamily: 'Inter',
      onboardingCompleted: true,
      reviewAiPosts: false,
      brandVoice: '',
      language: 'en',
      defaultTone: 'professional',
      defaultLength: 'medium',
      newsletterEnabled: true,
      newsletterFullText: false,
      replyTo: '',
    },
    categories: [{ id: 1, name: 'Keto', slug: 'keto', description: '', colorHex: '#10b981', gradient: '', postCount: 0 }],
    brand: blogBrand,
  })
  const routes = (b: BlogResponse) => ({
    'GET /api/auth/me': json(visitor),
    'GET /api/categories': json({ categories: [] }),
    [`GET /api/blogs/${b.workspace.slug}`]: json(b),
    'GET /api/posts': json({ posts: [], page: 1, hasMore: false }),
  })

  it("/blog/site/keto is 'Keto | InkPress', not 'Keto – InkPress | InkPress'", async () => {
    mockFetch(routes(blog('InkPress', 'site')))
    renderWithProviders(<AppRoutes />, { route: '/blog/site/keto' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Keto' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Keto | InkPress'))
  })

  it("another blog's category page is 'Keto | Olivia Writes'", async () => {
    mockFetch(routes(blog('Olivia Writes', 'olivia')))
    renderWithProviders(<AppRoutes />, { route: '/blog/olivia/keto' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Keto' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Keto | Olivia Writes'))
  })
})
