import type { ReactNode } from 'react'
import type { Settings } from '@/api/types'
import { blogFontNames, blogThemeStyle, templateOf } from '@/lib/blogTheme'
import { useFontStylesheets } from '@/lib/fontLoader'
import { cn } from '@/lib/utils'

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
  // The server linked the first page's fonts; client-side navigation may need others.
  useFontStylesheets(blogFontNames(settings))
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
