import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { AppRoutes } from '@/App'
import { ALL_TABLES } from '@/api/locale/all.gen'
import { DATE_CASES, PLURAL_CASES } from '@/api/locale.cases.gen'
import { EN, LOAD_TABLE, READER_LANGS, type ReaderLang } from '@/api/locale.gen'
import type { BlogResponse, Post, TemplateId } from '@/api/types'
import { json, makeBlog, makeCategory, makePost, mockFetch, renderWithProviders, visitor } from '@/test/utils'
import { fill, isReaderLang, loadedTable, loadTable, pluralCategory, readerText } from './readerText'

describe('the reader texts agree with the server (internal/locale)', () => {
  it.each(PLURAL_CASES)('%s rule: %d is %s', (rule, n, category) => {
    expect(pluralCategory(rule, n)).toBe(category)
  })

  it.each(DATE_CASES)('%s: %s is %s / %s', (lang, instant, long, short, one, three, five) => {
    const text = readerText(ALL_TABLES[lang])
    expect(text.longDate(instant)).toBe(long)
    expect(text.shortDate(instant)).toBe(short)
    expect([text.count('minRead', 1), text.count('minRead', 3), text.count('minRead', 5)]).toEqual([one, three, five])
  })

  it('has every language in a chunk of its own, English in the bundle', async () => {
    expect(READER_LANGS).toHaveLength(17)
    for (const lang of READER_LANGS) {
      if (lang === 'en') continue
      const table = await LOAD_TABLE[lang]()
      expect(table).toEqual(ALL_TABLES[lang])
      expect(Object.keys(table.messages)).toEqual(Object.keys(EN.messages))
    }
  })
})

describe('fill and languages', () => {
  it('fills named placeholders once and keeps unknown ones', () => {
    expect(fill('Back to {name}', { name: 'Travel' })).toBe('Back to Travel')
    expect(fill('{a} {unknown} {', { a: 'x' })).toBe('x {unknown} {')
    expect(fill('{name}', { name: '{name}' })).toBe('{name}')
    expect(fill('{constructor}', {})).toBe('{constructor}')
  })

  it('falls back to English for a language the catalogue lacks', () => {
    expect(isReaderLang('fr')).toBe(true)
    expect(isReaderLang('pt-BR')).toBe(false)
    expect(loadedTable('pt-BR')).toBe(EN)
    expect(loadTable('pt-BR')).toBeNull()
    expect(loadTable('en')).toBeNull()
  })

  it('loads a language once, then has it at once', async () => {
    const table = await loadTable('sv')
    expect(table?.lang).toBe('sv')
    expect(loadedTable('sv')).toBe(table)
    expect(loadTable('sv')).toBeNull()
  })
})

const keto = makeCategory({ name: 'Keto' })
const summary = makePost({ workspaceSlug: 'olivias-blog', url: '/blog/olivias-blog/keto/ten-keto-breakfasts' })
const related = makePost({ id: 2, slug: 'fat-bombs', title: 'Fat Bombs', readMinutes: 1, publishedAt: '2025-03-02T08:00:00Z' })
const post: Post = { ...summary, content: '<p>Des œufs.</p>', metaTitle: '', metaDescription: '', canonicalUrl: 'http://localhost/blog/olivias-blog/keto/ten-keto-breakfasts' }

function blogIn(language: ReaderLang, template: TemplateId = 'template-1'): BlogResponse {
  const blog = makeBlog([keto])
  return { ...blog, settings: { ...blog.settings, language, templateId: template } }
}

function api(blog: BlogResponse) {
  return mockFetch({
    'GET /api/site': json({ name: 'InkPress', tagline: 't', siteWorkspace: 'site', baseUrl: 'https://inkpress.dev', blog: '' }),
    'GET /api/auth/me': json(visitor),
    'GET /api/categories': json({ categories: [keto] }),
    'GET /api/blogs/olivias-blog': json(blog),
    'GET /api/blogs/site': json(blog),
    'GET /api/posts': json({ posts: [summary], page: 1, hasMore: false }),
    'GET /api/posts/keto/ten-keto-breakfasts': json({ post, related: [related] }),
  })
}

describe('a blog shows its reader chrome in its language', () => {
  it("a French blog's post: texts, date, read time, share, related, newsletter and footer in French", async () => {
    api(blogIn('fr'))
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/keto/ten-keto-breakfasts' })

    // The table loads on demand (no page told the app beforehand): the texts turn French once it is in.
    expect(await screen.findByRole('heading', { level: 2, name: 'Articles similaires' })).toBeInTheDocument()
    const article = screen.getAllByRole('article')[0]
    expect(within(article).getByText('5 janvier 2025')).toBeInTheDocument()
    expect(within(article).getByText('4 minutes de lecture')).toBeInTheDocument()
    expect(within(article).getByRole('link', { name: 'Retour à Keto' })).toBeInTheDocument()
    expect(within(article).getByRole('navigation', { name: 'Fil d’Ariane' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Partager cet article' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /^Partager sur X/ })).toHaveTextContent('Partager sur X (s’ouvre dans un nouvel onglet)')
    // The related card: its short date and its read time (1 minute: the singular).
    expect(screen.getByText('2 mars 2025')).toBeInTheDocument()
    expect(screen.getByText('1 MIN')).toBeInTheDocument()

    // The frame: search, newsletter, footer; marked French, left to right.
    expect(screen.getByRole('searchbox', { name: 'Rechercher dans ce blog' })).toHaveAttribute('placeholder', 'Rechercher')
    expect(screen.getByRole('heading', { name: 'Recevez les nouveautés de Olivia Writes par e-mail' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'S’abonner' })).toBeInTheDocument()
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'Flux RSS' })).toBeInTheDocument()
    expect(footer).toHaveTextContent('Propulsé par InkPress')
    const frame = footer.closest('.blog-theme') as HTMLElement
    expect(frame).toHaveAttribute('lang', 'fr')
    expect(frame).toHaveAttribute('dir', 'ltr')
    // No English chrome left.
    expect(screen.queryByText('Related Posts')).not.toBeInTheDocument()
    expect(screen.queryByText(/min read/)).not.toBeInTheDocument()
  })

  it("a German blog's home in the classic template: dates, 'continue reading', feeds and sections", async () => {
    api(blogIn('de', 'template-2'))
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog' })
    expect(await screen.findByText('5. Januar 2025')).toBeInTheDocument()
    expect(screen.getAllByText('Weiterlesen')).toHaveLength(1)
    // The header's and the footer's feed links.
    expect(screen.getAllByRole('link', { name: 'RSS-Feed' })).toHaveLength(2)
    expect(screen.getByRole('navigation', { name: 'Kategorien des Blogs' })).toBeInTheDocument()
  })

  it('an Arabic blog is written right to left', async () => {
    api(blogIn('ar'))
    renderWithProviders(<AppRoutes />, { route: '/blog/olivias-blog/keto/ten-keto-breakfasts' })
    expect(await screen.findByRole('heading', { level: 2, name: 'مقالات ذات صلة' })).toBeInTheDocument()
    const frame = screen.getByRole('contentinfo').closest('.blog-theme') as HTMLElement
    expect(frame).toHaveAttribute('lang', 'ar')
    expect(frame).toHaveAttribute('dir', 'rtl')
  })

  it("the platform's own blog keeps English, whatever its language", async () => {
    api(blogIn('fr'))
    renderWithProviders(<AppRoutes />, { route: '/keto/ten-keto-breakfasts' })
    expect(await screen.findByRole('heading', { level: 2, name: 'Related Posts' })).toBeInTheDocument()
    expect(screen.getByText('January 5, 2025')).toBeInTheDocument()
    expect(screen.getByText('4 min read')).toBeInTheDocument()
    expect(screen.queryByText('Articles similaires')).not.toBeInTheDocument()
  })
})
