import type { ImgHTMLAttributes } from 'react'
import { imageSources, type ImageLayout } from '@/lib/images'

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'loading' | 'fetchPriority'> & {
  src: string
  /** Where the image is shown: picks `sizes` (lib/images.ts). */
  layout: ImageLayout
  /** The page's largest image above the fold: fetched at once with high priority. Others load lazily. */
  priority?: boolean
  width: number
  height: number
}

/**
 * An image with the server's smaller WebP copies in srcset (when it has them) and width and height, so the
 * page keeps its layout while it loads. The same markup on the server and in the browser.
 */
export function ResponsiveImage({ src, layout, priority = false, decoding, ...rest }: Props) {
  const sources = imageSources(src, layout)
  return (
    <img
      {...rest}
      {...sources}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={decoding ?? (priority ? undefined : 'async')}
    />
  )
}
