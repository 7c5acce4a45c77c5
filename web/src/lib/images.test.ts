import { describe, expect, it } from 'vitest'
import { IMAGE_SIZES, imageSources, variantSrcSet } from './images'

describe('variantSrcSet', () => {
  it.each([
    [
      '/media/12/covers/1700000000000-ab12cd34-title.png',
      '/media/12/covers/1700000000000-ab12cd34-title.png.w480.webp 480w, /media/12/covers/1700000000000-ab12cd34-title.png.w960.webp 960w, /media/12/covers/1700000000000-ab12cd34-title.png.w1440.webp 1440w',
    ],
    [
      '/media/3/library/5-photo.jpg',
      '/media/3/library/5-photo.jpg.w480.webp 480w, /media/3/library/5-photo.jpg.w960.webp 960w, /media/3/library/5-photo.jpg.w1440.webp 1440w',
    ],
    ['https://cdn.example.com/12/covers/1-ab-t.png', undefined], // another host: no variants there
    ['https://blog.example.com/media/12/covers/1-ab-t.png', undefined],
    ['//evil.example/media/12/covers/1-a.png', undefined],
    ['/media/12/covers/1-ab-t.png?v=2', undefined],
    ['/media/12/covers/1-ab-t.png.w480.webp', undefined], // already a variant
    ['/media/12/covers/1-ab-t.svg', undefined],
    ['/media/x.png', undefined],
    ['/media/12/../13/covers/1-a.png', undefined],
    ['', undefined],
  ])('%s', (url, want) => {
    expect(variantSrcSet(url)).toBe(want)
  })
})

describe('imageSources', () => {
  it.each([
    ['/media/1/covers/2-a.jpg', 'card3' as const, true],
    ['/media/1/covers/2-a.jpg', 'cover' as const, true],
    ['https://images.example.com/a.jpg', 'card4' as const, false],
  ])('%s in %s', (url, layout, responsive) => {
    const s = imageSources(url, layout)
    expect(s.src).toBe(url)
    expect(s.srcSet !== undefined).toBe(responsive)
    expect(s.sizes).toBe(responsive ? IMAGE_SIZES[layout] : undefined)
  })
})
