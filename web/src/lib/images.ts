/**
 * Responsive images. The server keeps every stored image at a few widths in WebP, at the original's URL
 * with ".w{width}.webp" appended (internal/media/variants.go, where the same rule is written in Go: SrcSet).
 * Only images the app serves itself (/media/{key}) have them: it makes a missing one on its first request.
 * Any other URL (another host, a bucket) is shown as it is.
 */

/** The widths the server makes, smallest first. */
export const VARIANT_WIDTHS = [480, 960, 1440] as const

/** A stored image's URL: /media/{workspace}/{kind}/{time}-{name}.{ext}, the keys the server makes. */
const STORED = /^\/media\/\d+\/[a-z-]+\/\d+-[a-z0-9-]+\.(?:png|jpg|gif|webp)$/

/**
 * How wide an image is shown, for `sizes`, by layout. The grids are `container-page` (80rem, 1rem padding)
 * with 1.5rem gaps: one column below 40rem, two up to 64rem, then three or four. The post page's cover fills
 * its article (max-w-3xl, 1rem padding). The server's preload of a page's largest image uses the same
 * strings (server/site: imageSizes).
 */
export const IMAGE_SIZES = {
  card3: '(min-width: 80rem) 400px, (min-width: 64rem) calc((100vw - 5rem) / 3), (min-width: 40rem) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
  card4: '(min-width: 80rem) 294px, (min-width: 64rem) calc((100vw - 6.5rem) / 4), (min-width: 40rem) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
  cover: '(min-width: 48rem) 736px, calc(100vw - 2rem)',
} as const

export type ImageLayout = keyof typeof IMAGE_SIZES

/** The srcset of a stored image's variants, or undefined for a URL that has none. */
export function variantSrcSet(url: string): string | undefined {
  if (!STORED.test(url)) return undefined
  return VARIANT_WIDTHS.map((w) => `${url}.w${w}.webp ${w}w`).join(', ')
}

export interface ImageSources {
  src: string
  srcSet?: string
  sizes?: string
}

/** The src, srcset and sizes of an image shown in a layout: srcset and sizes only when variants exist. */
export function imageSources(url: string, layout: ImageLayout): ImageSources {
  const srcSet = variantSrcSet(url)
  return srcSet ? { src: url, srcSet, sizes: IMAGE_SIZES[layout] } : { src: url }
}
