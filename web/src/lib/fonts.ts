/**
 * Fonts a workspace may choose, mapped to the bundled @fontsource families. Inter is the app's UI font
 * (always in the main CSS); each other family is a stylesheet of its own, loaded by the blogs that use it.
 */
export const BLOG_FONTS: Record<string, { stack: string; serif: boolean }> = {
  Inter: { stack: "'Inter', 'Inter Fallback', ui-sans-serif, system-ui, sans-serif", serif: false },
  'Playfair Display': { stack: "'Playfair Display', 'Playfair Display Fallback', Georgia, serif", serif: true },
  Montserrat: { stack: "'Montserrat', 'Montserrat Fallback', ui-sans-serif, system-ui, sans-serif", serif: false },
  Merriweather: { stack: "'Merriweather', 'Merriweather Fallback', Georgia, serif", serif: true },
  Lato: { stack: "'Lato', 'Lato Fallback', ui-sans-serif, system-ui, sans-serif", serif: false },
  Roboto: { stack: "'Roboto', 'Roboto Fallback', ui-sans-serif, system-ui, sans-serif", serif: false },
  'Open Sans': { stack: "'Open Sans', 'Open Sans Fallback', ui-sans-serif, system-ui, sans-serif", serif: false },
  Lora: { stack: "'Lora', 'Lora Fallback', Georgia, serif", serif: true },
}

export const FONT_NAMES = Object.keys(BLOG_FONTS)

/** The UI font: a blog that names no known font uses it. */
export const UI_FONT = 'Inter'

/** The families that ship as separate stylesheets. */
export const SEPARATE_FONTS = FONT_NAMES.filter((n) => n !== UI_FONT)

/** The known family a setting names (any case), else the UI font. */
export function fontNameFor(name: string | null | undefined): string {
  const wanted = name?.trim().toLowerCase()
  return FONT_NAMES.find((k) => k.toLowerCase() === wanted) ?? UI_FONT
}

export function fontFor(name: string | null | undefined): { stack: string; serif: boolean } {
  return BLOG_FONTS[fontNameFor(name)]
}
