import type { CSSProperties } from 'react'
import type { Settings, TemplateId } from '@/api/types'
import { readableOn, safeHex } from './color'
import { BLOG_FONTS, fontNameFor } from './fonts'

export function templateOf(settings: Pick<Settings, 'templateId'> | undefined | null): TemplateId {
  const t = settings?.templateId
  return t === 'template-2' || t === 'template-3' ? t : 'template-1'
}

/** The families a blog's text and headings use: template 2 sets a sans font's headings in Lora. */
function themeFonts(settings: Partial<Settings> | undefined | null): { body: string; heading: string } {
  const body = fontNameFor(settings?.fontFamily)
  const sansHeadings = templateOf(settings as Settings | undefined) === 'template-2' && !BLOG_FONTS[body].serif
  return { body, heading: sansHeadings ? 'Lora' : body }
}

/** The font families a blog's pages need, each once. */
export function blogFontNames(settings: Partial<Settings> | undefined | null): string[] {
  const { body, heading } = themeFonts(settings)
  return body === heading ? [body] : [body, heading]
}

/** CSS variables for a workspace blog: primary colour, readable text on it, body and heading fonts. */
export function blogThemeStyle(settings: Partial<Settings> | undefined | null): CSSProperties {
  const primary = safeHex(settings?.primaryColor)
  const { body, heading } = themeFonts(settings)
  // --brand-contrast is text on the primary colour; --brand-strong is the primary darkened when it is
  // too light to carry white text or to be used as link text on white.
  const contrast = readableOn(primary)
  const strong = contrast === '#ffffff' ? primary : `color-mix(in srgb, ${primary} 55%, black)`
  return {
    '--brand': primary,
    '--brand-contrast': contrast,
    '--brand-strong': strong,
    '--brand-fg': '#ffffff',
    '--brand-soft': `color-mix(in srgb, ${primary} 10%, white)`,
    '--blog-font': BLOG_FONTS[body].stack,
    '--heading-font': BLOG_FONTS[heading].stack,
  } as CSSProperties
}

/** Width of the post list area per template. */
export function blogBodyClass(template: TemplateId): string {
  if (template === 'template-2') return 'mx-auto max-w-2xl px-4 pb-16'
  if (template === 'template-3') return 'mx-auto max-w-xl px-4 pb-20 text-sm'
  return 'container-page py-12 sm:py-16'
}
