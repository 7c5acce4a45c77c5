/** Video embeds: which URLs are YouTube or Vimeo videos, and the player address each one gets. */

export type EmbedProvider = 'youtube' | 'vimeo'

export interface EmbedRef {
  provider: EmbedProvider
  id: string
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const VIMEO_ID = /^\d{1,12}$/

function parse(input: string): URL | null {
  const text = input.trim()
  if (!text) return null
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`)
  } catch {
    return null
  }
}

function host(url: URL): string {
  return url.hostname.toLowerCase().replace(/^(www|m|music)\./, '')
}

function youtubeId(url: URL): string | null {
  const h = host(url)
  const parts = url.pathname.split('/').filter(Boolean)
  let id: string | null | undefined = null
  if (h === 'youtu.be') id = parts[0]
  else if (h === 'youtube.com' || h === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') id = url.searchParams.get('v')
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1]
  }
  return id && YOUTUBE_ID.test(id) ? id : null
}

function vimeoId(url: URL): string | null {
  const h = host(url)
  if (h !== 'vimeo.com' && h !== 'player.vimeo.com') return null
  // vimeo.com/ID, player.vimeo.com/video/ID, vimeo.com/channels/x/ID, vimeo.com/groups/x/videos/ID
  const id = url.pathname.split('/').filter(Boolean).find((p) => VIMEO_ID.test(p))
  return id ?? null
}

/** The video a pasted URL (watch page, short link, embed or player address) names, or null. */
export function parseEmbedUrl(input: string): EmbedRef | null {
  const url = parse(input)
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null
  const yt = youtubeId(url)
  if (yt) return { provider: 'youtube', id: yt }
  const vm = vimeoId(url)
  if (vm) return { provider: 'vimeo', id: vm }
  return null
}

/** The player address the server's sanitiser keeps: youtube-nocookie.com or player.vimeo.com. */
export function embedSrc({ provider, id }: EmbedRef): string {
  return provider === 'youtube' ? `https://www.youtube-nocookie.com/embed/${id}` : `https://player.vimeo.com/video/${id}`
}

export function providerName(provider: EmbedProvider): string {
  return provider === 'youtube' ? 'YouTube' : 'Vimeo'
}
