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
  lang,
  dir,
}: {
  settings: Partial<Settings> | undefined | null
  children: ReactNode
  className?: string
  /** The language of the texts inside and their direction (a blog's frame sets them). */
  lang?: string
  dir?: 'ltr' | 'rtl'
}) {
  // The server linked the first page's fonts; client-side navigation may need others.
  useFontStylesheets(blogFontNames(settings))
  return (
    <div
      className={cn('blog-theme', className)}
      lang={lang}
      dir={dir}
      data-template={templateOf(settings as Settings | undefined)}
      style={blogThemeStyle(settings)}
    >
      {children}
    </div>
  )
}
