import { describe, expect, it } from 'vitest'
import {
  bodyText,
  charCount,
  charStatus,
  firstSentences,
  hashtags,
  platformLimit,
  platformShareUrl,
  shareKit,
  shareText,
  toHashtag,
  type CharStatus,
  type Platform,
  type ShareKitInput,
} from './share'

const content =
  '<h2>Intro</h2><p>First sentence here. Second one follows! Is this the third? Fourth closes it.</p><p>Fifth is extra.</p>'

const post: ShareKitInput = {
  title: 'Ten Keto Breakfasts',
  content,
  url: 'https://inkpress.dev/blog/olivia/keto/ten-keto-breakfasts',
  category: 'Health & Wellness',
  tags: ['keto', 'low carb', 'Meal Prep', 'ignored tag'],
}

describe('share kit: per-platform recipe', () => {
  // platform, excerpt sentences expected in the text, hashtags expected, limit
  it.each<[Platform, string[], string[], number]>([
    ['x', ['First sentence here.'], ['#healthWellness', '#keto'], 280],
    ['linkedin', ['First sentence here.', 'Second one follows!', 'Is this the third?'], ['#healthWellness', '#keto', '#lowCarb', '#mealPrep'], 3000],
    ['facebook', ['First sentence here.', 'Second one follows!'], ['#healthWellness', '#keto'], 63206],
    ['instagram', ['First sentence here.', 'Second one follows!'], ['#healthWellness', '#keto', '#lowCarb', '#mealPrep'], 2200],
  ])('%s: sentences, hashtags and limit', (platform, sentences, tags, limit) => {
    const text = shareText(platform, post)
    const [title, excerpt, hashtagLine, url] = text.split('\n\n')
    expect(title).toBe('Ten Keto Breakfasts')
    expect(excerpt).toBe(sentences.join(' '))
    expect(hashtagLine).toBe(tags.join(' '))
    expect(url).toBe(post.url)
    expect(text).not.toContain('#ignoredTag')
    expect(platformLimit(platform)).toBe(limit)
  })

  it('builds one entry per platform with its counter and status', () => {
    const kit = shareKit(post)
    expect(kit.map((k) => k.platform)).toEqual(['x', 'linkedin', 'facebook', 'instagram'])
    for (const k of kit) {
      expect(k.length).toBe(charCount(k.text))
      expect(k.status).toBe('Good')
    }
  })

  it('caps the excerpt at 300 characters', () => {
    const long = { ...post, content: `<p>${'word '.repeat(200)}end.</p>` }
    const excerpt = shareText('linkedin', long).split('\n\n')[1]
    expect(excerpt.length).toBe(300)
    expect(excerpt.endsWith('...')).toBe(true)
  })

  it('leaves out empty parts', () => {
    expect(shareText('x', { title: 'Only title', content: '', url: '', category: '', tags: [] })).toBe('Only title')
  })

  it('reports an over-limit tweet', () => {
    const kit = shareKit({ ...post, title: 'T'.repeat(300) })
    expect(kit[0].status).toBe('Over limit!')
    expect(kit[1].status).toBe('Good')
  })
})

describe('charStatus', () => {
  it.each<[number, number, CharStatus]>([
    [0, 280, 'Good'],
    [251, 280, 'Good'],
    [252, 280, 'Near limit'],
    [279, 280, 'Near limit'],
    [280, 280, 'Over limit!'],
    [281, 280, 'Over limit!'],
    [2699, 3000, 'Good'],
    [2700, 3000, 'Near limit'],
    [1979, 2200, 'Good'],
    [1980, 2200, 'Near limit'],
    [63206, 63206, 'Over limit!'],
  ])('%d of %d -> %s', (length, limit, status) => {
    expect(charStatus(length, limit)).toBe(status)
  })

  it('falls back to 1000 for unknown platforms', () => {
    expect(platformLimit('mastodon')).toBe(1000)
  })
})

describe('toHashtag', () => {
  it.each([
    ['keto', '#keto'],
    ['Keto', '#keto'],
    ['low carb', '#lowCarb'],
    ['Meal Prep', '#mealPrep'],
    ['Health & Wellness', '#healthWellness'],
    ['food-cooking', '#foodCooking'],
    ['SEO', '#seo'],
    ['#already', '#already'],
    ['  spaced   out  ', '#spacedOut'],
    ['café au lait', '#caféAuLait'],
    ['2025 trends', '#2025Trends'],
    ['!!!', ''],
    ['', ''],
  ])('%j -> %j', (input, out) => {
    expect(toHashtag(input)).toBe(out)
  })
})

describe('hashtags', () => {
  it.each<[string, string[], number, string[]]>([
    ['keto', ['keto', 'breakfast', 'low carb', 'ignored'], 10, ['#keto', '#breakfast', '#lowCarb']],
    ['keto', ['a', 'b', 'c'], 2, ['#keto', '#a']],
    ['tech', [], 5, ['#tech']],
    ['', ['AI', 'ai', 'Ai tools'], 5, ['#ai', '#aiTools']],
    ['marketing', ['!!!', 'growth'], 5, ['#marketing', '#growth']],
  ])('%s + %j (max %d)', (category, tags, count, out) => {
    expect(hashtags(category, tags, count)).toEqual(out)
  })
})

describe('text helpers', () => {
  it.each([
    ['One. Two! Three? Four.', 2, 'One. Two!'],
    ['One. Two! Three? Four.', 3, 'One. Two! Three?'],
    ['No end mark', 1, 'No end mark'],
    ['Version 1.5 is out. Next.', 1, 'Version 1.5 is out.'],
    ['', 2, ''],
  ])('firstSentences(%j, %d) -> %j', (text, n, out) => {
    expect(firstSentences(text, n)).toBe(out)
  })

  it('takes the excerpt from the paragraphs, skipping headings and banners', () => {
    expect(bodyText('<h2>Intro</h2><p>One.</p><a rel="sponsored"><img src="x"></a><p>Two <em>too</em>.</p>')).toBe('One. Two too.')
    expect(bodyText('Plain text only.')).toBe('Plain text only.')
  })

  it('counts astral symbols once', () => {
    expect(charCount('ab🚀')).toBe(3)
  })

  it.each<[Platform, string | null]>([
    ['x', 'https://twitter.com/intent/tweet?text=Hi%20https%3A%2F%2Fx.dev%2Fp'],
    ['linkedin', 'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fx.dev%2Fp'],
    ['facebook', 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx.dev%2Fp'],
    ['instagram', null],
  ])('share page for %s', (platform, out) => {
    expect(platformShareUrl(platform, 'https://x.dev/p', 'Hi https://x.dev/p')).toBe(out)
  })
})
