import { describe, expect, it } from 'vitest'
import { basePathOf, counter, excerpt, searchPreview } from './seo'

describe('counter', () => {
  it('counts characters against the advised length', () => {
    expect(counter('', 60)).toEqual({ label: '0/60', over: false })
    expect(counter('x'.repeat(60), 60)).toEqual({ label: '60/60', over: false })
    expect(counter('x'.repeat(61), 60)).toEqual({ label: '61/60', over: true })
    expect(counter('café 🎉', 60).label).toBe('6/60')
  })
})

describe('excerpt', () => {
  it('strips tags and cuts at 155 characters with an ellipsis', () => {
    expect(excerpt('<h2>A</h2><p>b &amp; <strong>c</strong></p>')).toBe('A b & c')
    expect(excerpt('<p><em>in</em>line</p>')).toBe('inline') // as the server reads it
    const long = `<p>${'word '.repeat(60)}</p>`
    const out = excerpt(long)
    expect(out.endsWith('...')).toBe(true)
    expect(out.length).toBeLessThanOrEqual(158)
  })
})

describe('searchPreview', () => {
  const post = { title: 'Ten Keto Breakfasts', metaTitle: '', metaDescription: '', content: '<p>Start right.</p>', slug: '', category: 'keto' }
  const where = { host: 'inkpress.example', basePath: '/blog/olivias-blog' }

  it('falls back to the title, the title’s slug and the excerpt', () => {
    expect(searchPreview(post, where)).toEqual({
      title: 'Ten Keto Breakfasts',
      crumbs: 'inkpress.example › blog › olivias-blog › keto › ten-keto-breakfasts',
      description: 'Start right.',
    })
  })

  it('prefers the meta fields and the slug', () => {
    const p = searchPreview({ ...post, metaTitle: 'Keto mornings', metaDescription: 'Ten ideas.', slug: 'keto-mornings' }, { host: 'a.example', basePath: '' })
    expect(p).toEqual({ title: 'Keto mornings', crumbs: 'a.example › keto › keto-mornings', description: 'Ten ideas.' })
  })

  it('clips long texts', () => {
    expect(searchPreview({ ...post, metaTitle: 'x'.repeat(90) }, where).title).toHaveLength(65)
  })
})

describe('basePathOf', () => {
  it('reads the blog path of a post address', () => {
    expect(basePathOf('/blog/olivias-blog/keto/ten', 'olivias-blog')).toBe('/blog/olivias-blog')
    expect(basePathOf('/keto/ten', 'site')).toBe('')
    expect(basePathOf(undefined, 'olivias-blog')).toBe('/blog/olivias-blog')
  })
})
