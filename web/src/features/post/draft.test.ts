import { describe, expect, it } from 'vitest'
import type { Post } from '@/api/types'
import { afterSave, autosaveDraft, changes, draftFromPost, isDirty, toPostInput } from './draft'

const post = {
  id: 9,
  title: 'Ten Keto Breakfasts',
  slug: 'ten-keto-breakfasts',
  category: 'keto',
  tags: ['keto', 'breakfast'],
  content: '<p>Body</p><div class="banner">ad</div>',
  rawContent: '<p>Body</p>',
  coverImageUrl: '/media/cover.png',
  coverAlt: 'Eggs',
  metaTitle: '',
  metaDescription: '',
  banners: [{ imageUrl: '/media/b.png', linkUrl: 'https://shop.example', text: 'Deal' }],
  status: 'draft',
} as unknown as Post

describe('draftFromPost', () => {
  it('edits the raw content and the tags as text', () => {
    const d = draftFromPost(post)
    expect(d).toMatchObject({ title: 'Ten Keto Breakfasts', content: '<p>Body</p>', tags: 'keto, breakfast', coverAlt: 'Eggs', slug: 'ten-keto-breakfasts' })
    expect(d.banners).toHaveLength(1)
    expect(d.banners[0]).toMatchObject({ imageUrl: '/media/b.png', linkUrl: 'https://shop.example', text: 'Deal' })
  })

  it('starts a new post empty in the default category', () => {
    expect(draftFromPost(null, 'marketing')).toMatchObject({ title: '', content: '', category: 'marketing', tags: '', banners: [] })
  })
})

describe('changes', () => {
  const base = draftFromPost(post)

  it('is empty when nothing changed, whatever the tag spacing', () => {
    expect(changes({ ...base, tags: 'keto,breakfast, ' }, base)).toEqual({})
    expect(isDirty({ ...base, banners: base.banners.map((b) => ({ ...b, key: 'other' })) }, base)).toBe(false)
  })

  it('names only the changed fields', () => {
    expect(changes({ ...base, title: ' New title ', tags: 'keto', metaDescription: 'Short' }, base)).toEqual({
      title: 'New title',
      tags: ['keto'],
      metaDescription: 'Short',
    })
  })

  it('sends a library cover as mediaId and a removed cover as ""', () => {
    expect(changes({ ...base, coverMediaId: 4, coverImageUrl: '/media/lib.png' }, base)).toEqual({ mediaId: 4 })
    expect(changes({ ...base, coverImageUrl: '' }, base)).toEqual({ coverImageUrl: '' })
  })

  it('sends the banners whole', () => {
    const banners = [...base.banners, { key: 'n', imageUrl: '/media/c.png', fileName: '', linkUrl: 'https://b.example', text: '' }]
    expect(changes({ ...base, banners }, base).banners).toEqual([
      { imageUrl: '/media/b.png', linkUrl: 'https://shop.example', text: 'Deal' },
      { imageUrl: '/media/c.png', linkUrl: 'https://b.example' },
    ])
  })
})

describe('autosaveDraft', () => {
  it('keeps half-filled banners out of an autosave', () => {
    const base = draftFromPost(post)
    const draft = { ...base, title: 'x', banners: [...base.banners, { key: 'n', imageUrl: '', fileName: '', linkUrl: '', text: '' }] }
    expect(changes(autosaveDraft(draft, base), base)).toEqual({ title: 'x' })
  })
})

describe('toPostInput', () => {
  it('gives a new post its set fields and status', () => {
    const d = { ...draftFromPost(null, 'keto'), title: ' Hello ', content: '<p>Hi</p>', tags: 'a, b' }
    expect(toPostInput(d, { status: 'scheduled', publishAt: '2030-01-01T10:00:00.000Z' })).toEqual({
      title: 'Hello',
      content: '<p>Hi</p>',
      category: 'keto',
      tags: ['a', 'b'],
      sendNewsletter: true,
      status: 'scheduled',
      publishAt: '2030-01-01T10:00:00.000Z',
    })
  })

  it('always says whether a new post is e-mailed: the blog’s choice, or the owner’s', () => {
    const off = { ...draftFromPost(null, 'keto', false), title: 'Hi' }
    expect(toPostInput(off).sendNewsletter).toBe(false)
    expect(toPostInput({ ...off, sendNewsletter: true }).sendNewsletter).toBe(true)
  })
})

describe('the newsletter choice', () => {
  it('starts from the post: off only when its owner said no', () => {
    expect(draftFromPost({ ...post, newsletter: 'off' }).sendNewsletter).toBe(false)
    expect(draftFromPost({ ...post, newsletter: 'pending' }).sendNewsletter).toBe(true)
    expect(draftFromPost(post).sendNewsletter).toBe(true)
  })

  it('is sent only when changed', () => {
    const base = draftFromPost({ ...post, newsletter: 'pending' })
    expect(changes(base, base)).toEqual({})
    expect(changes({ ...base, sendNewsletter: false }, base)).toEqual({ sendNewsletter: false })
  })
})

describe('afterSave', () => {
  it('takes the slug and cover the server made, and keeps edits made meanwhile', () => {
    const sent = { ...draftFromPost(null, 'keto'), title: 'Hello', coverMediaId: 4, coverImageUrl: '/media/lib.png' }
    const current = { ...sent, content: '<p>typed meanwhile</p>' }
    const saved = { ...post, slug: 'hello', coverImageUrl: '/media/cover-4.png' } as Post
    const { base, draft } = afterSave(sent, current, saved)
    expect(base).toMatchObject({ title: 'Hello', slug: 'hello', coverImageUrl: '/media/cover-4.png', coverMediaId: null, content: '' })
    expect(draft).toMatchObject({ slug: 'hello', coverImageUrl: '/media/cover-4.png', coverMediaId: null, content: '<p>typed meanwhile</p>' })
    expect(changes(draft, base)).toEqual({ content: '<p>typed meanwhile</p>' })
  })

  it('keeps a slug typed while the save was under way', () => {
    const sent = { ...draftFromPost(post), slug: 'a' }
    const { draft } = afterSave(sent, { ...sent, slug: 'ab' }, { ...post, slug: 'a' } as Post)
    expect(draft.slug).toBe('ab')
  })
})
