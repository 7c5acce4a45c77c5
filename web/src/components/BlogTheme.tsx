import { useEffect, type ReactNode } from 'react'
import type { Settings } from '@/api/types'
import { blogFontNames, blogThemeStyle, templateOf } from '@/lib/blogTheme'
import { ensureFontStylesheet } from '@/lib/fontLoader'
import { cn } from '@/lib/utils'

/** Loads the blog's fonts: the server linked the first page's; client-side navigation may need others. */
function useBlogFonts(settings: Partial<Settings> | undefined | null) {
  const key = blogFontNames(settings).join('|')
  useEffect(() => {
    for (const name of key.split('|')) ensureFontStylesheet(name)
  }, [key])
}

/** Wraps a workspace blog (or a post in it) in its template, colour and font. */
export function BlogTheme({
  settings,
  children,
  className,
}: {
  settings: Partial<Settings> | undefined | null
  children: ReactNode
  className?: string
}) {
  useBlogFonts(settings)
  return (
    <div
      className={cn('blog-theme', className)}
      data-template={templateOf(settings as Settings | undefined)}
      style={blogThemeStyle(settings)}
    >
      {children}
    </div>
  )
}
