import { describe, expect, it } from 'vitest'
import { embedSrc, parseEmbedUrl } from './embedUrl'

describe('parseEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads the YouTube video of %s', (url, id) => {
    expect(parseEmbedUrl(url)).toEqual({ provider: 'youtube', id })
  })

  it.each([
    ['https://vimeo.com/76979871', '76979871'],
    ['https://player.vimeo.com/video/76979871?h=abc', '76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', '76979871'],
    ['https://vimeo.com/groups/name/videos/76979871', '76979871'],
    ['vimeo.com/76979871', '76979871'],
  ])('reads the Vimeo video of %s', (url, id) => {
    expect(parseEmbedUrl(url)).toEqual({ provider: 'vimeo', id })
  })

  it.each([
    '',
    'not a url',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch?v=short',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://vimeo.com/about',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
  ])('refuses %j', (url) => {
    expect(parseEmbedUrl(url)).toBeNull()
  })
})

describe('embedSrc', () => {
  it('gives the player addresses the sanitiser keeps', () => {
    expect(embedSrc({ provider: 'youtube', id: 'dQw4w9WgXcQ' })).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    expect(embedSrc({ provider: 'vimeo', id: '76979871' })).toBe('https://player.vimeo.com/video/76979871')
  })
})
