import { describe, expect, it } from 'vitest'
import { categorySlug, parseKeywords, slugify } from './keywords'
import { landingPathFor, safeNextPath } from './redirect'
import { categoryPath, feedPath, postPath } from './paths'
import { categoryGradient, readableOn, safeHex } from './color'
import { fontFor } from './fonts'
import { charStatus, firstSentences, hashtags, platformLimit, shareKit, shareLinks, toHashtag } from './share'
import { admin, owner } from '@/test/utils'

describe('keywords', () => {
  it('parses comma-separated keywords: trims, drops blanks and duplicates', () => {
    expect(parseKeywords(' seo, social media ,, ,SEO,growth ')).toEqual(['seo', 'social media', 'growth'])
    expect(parseKeywords('')).toEqual([])
  })
  it('slugifies names', () => {
    expect(slugify("Olivia's Blog!")).toBe('olivia-s-blog')
    expect(slugify('  Café & Co  ')).toBe('cafe-co')
    expect(categorySlug('Home Office')).toBe('home-office')
    expect(categorySlug('Food & Cooking')).toBe('food-cooking')
  })
})

describe('redirects', () => {
  it('accepts only same-site paths', () => {
    expect(safeNextPath('/dashboard/posts?x=1')).toBe('/dashboard/posts?x=1')
    expect(safeNextPath('//evil.com')).toBeNull()
    expect(safeNextPath('/\\evil.com')).toBeNull()
    expect(safeNextPath('https://evil.com')).toBeNull()
    expect(safeNextPath('javascript:alert(1)')).toBeNull()
    expect(safeNextPath(null)).toBeNull()
  })
  it('sends admins to the admin dashboard and owners to next or /dashboard', () => {
    expect(landingPathFor(admin, '/dashboard/posts')).toBe('/admin/dashboard')
    expect(landingPathFor(owner, null)).toBe('/dashboard')
    expect(landingPathFor(owner, '/dashboard/posts')).toBe('/dashboard/posts')
    expect(landingPathFor(owner, '//evil.com')).toBe('/dashboard')
  })
})

describe('paths', () => {
  const post = { category: 'Keto', slug: 'fat-bombs', url: '/keto/fat-bombs' }
  it('links posts with and without a workspace', () => {
    expect(postPath(post)).toBe('/keto/fat-bombs')
    expect(postPath({ ...post, url: '' })).toBe('/keto/fat-bombs')
    expect(postPath(post, 'my-blog')).toBe('/blog/my-blog/keto/fat-bombs')
  })
  it('builds category and feed paths', () => {
    expect(categoryPath('tech')).toBe('/tech')
    expect(categoryPath('tech', 'ws')).toBe('/blog/ws/tech')
    expect(feedPath()).toBe('/feed.xml')
    expect(feedPath({ category: 'keto' })).toBe('/keto/feed.xml')
    expect(feedPath({ workspace: 'ws' })).toBe('/blog/ws/feed.xml')
    expect(feedPath({ workspace: 'ws', category: 'keto' })).toBe('/blog/ws/feed.xml?category=keto')
  })
})

describe('colours and fonts', () => {
  it('accepts only hex colours', () => {
    expect(safeHex('#10b981')).toBe('#10b981')
    expect(safeHex('red; background:url(x)')).toBe('#6366f1')
    expect(safeHex(undefined, '#000')).toBe('#000')
  })
  it('picks readable text colours', () => {
    expect(readableOn('#4f46e5')).toBe('#ffffff')
    expect(readableOn('#fde68a')).toBe('#0f172a')
  })
  it('uses the server gradient or builds one', () => {
    expect(categoryGradient('linear-gradient(135deg,#6366f1,#8b5cf6)', '#000')).toBe('linear-gradient(135deg,#6366f1,#8b5cf6)')
    expect(categoryGradient('', '#10b981')).toContain('#10b981')
    expect(categoryGradient('x;}body{', '#10b981')).toContain('#10b981')
  })
  it('maps font names to bundled families', () => {
    expect(fontFor('Playfair Display').stack).toContain("'Playfair Display'")
    expect(fontFor('open sans').stack).toContain("'Open Sans'")
    expect(fontFor('Comic Sans').stack).toContain("'Inter'")
  })
})

describe('share kit', () => {
  it('builds share links from the canonical URL', () => {
    const l = shareLinks('https://inkpress.dev/keto/a b', 'Fat & Fit')
    expect(l.x).toBe('https://twitter.com/intent/tweet?url=https%3A%2F%2Finkpress.dev%2Fketo%2Fa%20b&text=Fat%20%26%20Fit')
    expect(l.linkedin).toBe('https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Finkpress.dev%2Fketo%2Fa%20b')
    expect(l.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Finkpress.dev%2Fketo%2Fa%20b')
  })
  it('reports character status against the platform limit', () => {
    expect(charStatus(251, 280)).toBe('Good')
    expect(charStatus(252, 280)).toBe('Near limit')
    expect(charStatus(280, 280)).toBe('Over limit!')
    expect(platformLimit('x')).toBe(280)
    expect(platformLimit('mastodon')).toBe(1000)
  })
  it('takes sentences and hashtags', () => {
    expect(firstSentences('One. Two! Three? Four.', 2)).toBe('One. Two!')
    expect(firstSentences('a'.repeat(400), 1).length).toBe(300)
    expect(toHashtag('low carb')).toBe('#lowCarb')
    expect(hashtags('keto', ['keto', 'breakfast', 'low carb', 'ignored'], 10)).toEqual(['#keto', '#breakfast', '#lowCarb'])
    expect(hashtags('keto', ['a', 'b', 'c'], 2)).toEqual(['#keto', '#a'])
  })
  it('produces one entry per platform', () => {
    const kit = shareKit({ title: 'T', content: '<p>First. Second. Third.</p>', url: 'https://x.dev/p', category: 'tech', tags: ['ai'] })
    expect(kit.map((k) => k.platform)).toEqual(['x', 'linkedin', 'facebook', 'instagram'])
    expect(kit[0].text).toContain('First.')
    expect(kit[0].text).not.toContain('Second.')
    expect(kit[1].text).toContain('Third.')
    expect(kit[0].status).toBe('Good')
  })
})
