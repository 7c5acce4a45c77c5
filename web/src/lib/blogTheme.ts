import type { CSSProperties } from 'react'
import type { Settings, TemplateId } from '@/api/types'
import { readableOn, safeHex } from './color'
import { fontFor } from './fonts'

export function templateOf(settings: Pick<Settings, 'templateId'> | undefined | null): TemplateId {
  const t = settings?.templateId
  return t === 'template-2' || t === 'template-3' ? t : 'template-1'
}

/** CSS variables for a workspace blog: primary colour, readable text on it, body and heading fonts. */
export function blogThemeStyle(settings: Partial<Settings> | undefined | null): CSSProperties {
  const primary = safeHex(settings?.primaryColor)
  const font = fontFor(settings?.fontFamily)
  const template = templateOf(settings as Settings | undefined)
  const headingFont = template === 'template-2' && !font.serif ? "'Lora', Georgia, serif" : font.stack
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
    '--blog-font': font.stack,
    '--heading-font': headingFont,
  } as CSSProperties
}

/** Width of the post list area per template. */
export function blogBodyClass(template: TemplateId): string {
  if (template === 'template-2') return 'mx-auto max-w-2xl px-4 pb-16'
  if (template === 'template-3') return 'mx-auto max-w-xl px-4 pb-20 text-sm'
  return 'container-page py-12 sm:py-16'
}
