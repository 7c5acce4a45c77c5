import { describe, expect, it } from 'vitest'
import { parseKeywords } from '@/lib/keywords'
import { formatSize } from '@/lib/format'
import {
  emptyForm,
  imageModes,
  toGenerateInput,
  validateGenerate,
  type GenerateForm,
} from './generate'
import { MSG_BAD_LINK, isHttpUrl, newBanner } from '@/lib/banners'
import { MSG_MISSING } from '@/lib/forms'
import { MAX_UPLOAD_BYTES, MSG_NOT_IMAGE, MSG_TOO_LARGE, checkImageFile } from '@/lib/upload'

const valid: GenerateForm = { ...emptyForm('keto'), topic: 'Keto breakfasts' }

describe('generate dialog validation', () => {
  it.each<[string, Partial<GenerateForm>, string[]]>([
    ['no category', { category: '' }, ['category']],
    ['blank topic', { topic: '   ' }, ['topic']],
    ['no tone', { tone: '' }, ['tone']],
    ['no length', { length: '' }, ['length']],
    ['everything missing', { category: '', topic: '', tone: '', length: '' }, ['category', 'topic', 'tone', 'length']],
    ['upload mode without an image', { imageMode: 'upload' }, ['image']],
    ['library mode without a pick', { imageMode: 'library' }, ['image']],
  ])("%s -> 'Missing fields'", (_, patch, fields) => {
    const v = validateGenerate({ ...valid, ...patch })
    expect(v.toast).toEqual(MSG_MISSING)
    expect(Object.keys(v.errors).sort()).toEqual([...fields].sort())
  })

  it('uses the product texts', () => {
    expect(MSG_MISSING).toEqual({ title: 'Missing fields', description: 'Please fill in all required fields' })
    expect(MSG_TOO_LARGE).toEqual({ title: 'File too large', description: 'Maximum file size is 5MB' })
    expect(MSG_NOT_IMAGE).toEqual({ title: 'Invalid file type', description: 'Please upload an image file' })
  })

  it.each<[string, Partial<GenerateForm>]>([
    ['topic mode', {}],
    ['title mode', { inputMode: 'title', topic: 'Ten Keto Breakfasts' }],
    ['uploaded image', { imageMode: 'upload', imageUrl: '/media/a.png' }],
    ['library image', { imageMode: 'library', mediaId: 4 }],
    ['AI image', { imageMode: 'ai' }],
  ])('%s is valid', (_, patch) => {
    expect(validateGenerate({ ...valid, ...patch })).toEqual({ errors: {}, toast: null })
  })

  it('checks banners: image and an http(s) link', () => {
    const b = { ...newBanner(), imageUrl: '/media/b.png', linkUrl: 'https://shop.example/x' }
    expect(validateGenerate({ ...valid, banners: [b] }).toast).toBeNull()

    const noImage = { ...b, imageUrl: '' }
    const v1 = validateGenerate({ ...valid, banners: [noImage] })
    expect(v1.toast).toEqual(MSG_MISSING)
    expect(v1.errors.banners?.[b.key]).toEqual({ image: 'Upload the banner image' })

    const badLink = { ...b, linkUrl: 'javascript:alert(1)' }
    const v2 = validateGenerate({ ...valid, banners: [badLink] })
    expect(v2.toast).toEqual(MSG_BAD_LINK)
    expect(v2.errors.banners?.[b.key]?.link).toMatch(/http/)
  })

  it('offers the AI image mode only while Generate images is on', () => {
    expect(imageModes(true).map((m) => m.value)).toEqual(['none', 'upload', 'library', 'ai'])
    expect(imageModes(false).map((m) => m.value)).toEqual(['none', 'upload', 'library'])
  })
})

describe('request body', () => {
  it('trims, cleans keywords and sends only the chosen image', () => {
    const b = { ...newBanner(), imageUrl: '/media/b.png', linkUrl: ' https://shop.example/x ', text: '  ' }
    const body = toGenerateInput({
      ...valid,
      topic: '  Keto breakfasts ',
      keywords: ' low carb,, eggs , Eggs ',
      imageMode: 'library',
      mediaId: 9,
      imageUrl: '/stale.png',
      banners: [b],
    })
    expect(body).toEqual({
      category: 'keto',
      topic: 'Keto breakfasts',
      inputMode: 'topic',
      keywords: 'low carb, eggs',
      tone: 'professional',
      length: 'medium',
      imageMode: 'library',
      mediaId: 9,
      banners: [{ imageUrl: '/media/b.png', linkUrl: 'https://shop.example/x' }],
      generateImages: true,
      status: 'published',
    })
  })

  it("publishes by default and sends status 'draft' for 'Save as draft'", () => {
    expect(emptyForm().status).toBe('published')
    expect(toGenerateInput({ ...valid, status: 'draft' }).status).toBe('draft')
  })

  it('never asks for an AI image when image generation is off', () => {
    expect(toGenerateInput({ ...valid, imageMode: 'ai', generateImages: false }).imageMode).toBe('none')
  })
})

describe('uploads', () => {
  it.each([
    ['image/png', 1024, null],
    ['image/jpeg', MAX_UPLOAD_BYTES, null],
    ['image/webp', MAX_UPLOAD_BYTES + 1, MSG_TOO_LARGE],
    ['application/pdf', 10, MSG_NOT_IMAGE],
    ['', 10, MSG_NOT_IMAGE],
  ])('%s of %d bytes -> %j', (type, size, out) => {
    expect(checkImageFile({ type, size })).toEqual(out)
  })

  it.each([
    ['https://example.com', true],
    ['http://example.com/a?b=1', true],
    ['  https://example.com  ', true],
    ['javascript:alert(1)', false],
    ['ftp://example.com', false],
    ['example.com', false],
    ['', false],
  ])('link %j -> %s', (url, ok) => {
    expect(isHttpUrl(url)).toBe(ok)
  })
})

describe('keyword parsing', () => {
  it.each([
    ['seo, social media', ['seo', 'social media']],
    ['  seo ,  growth  ', ['seo', 'growth']],
    ['a,,b, ,c,', ['a', 'b', 'c']],
    ['SEO, seo, Seo', ['SEO']],
    ['', []],
    [' , , ', []],
    ['single', ['single']],
  ])('%j -> %j', (input, out) => {
    expect(parseKeywords(input)).toEqual(out)
  })
})

describe('size formatting', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 + 100, '10.1 KB'],
    [1024 * 1024, '1.0 MB'],
    [2.25 * 1024 * 1024, '2.3 MB'],
    [MAX_UPLOAD_BYTES, '5.0 MB'],
  ])('%d bytes -> %s', (bytes, out) => {
    expect(formatSize(bytes)).toBe(out)
  })
})
