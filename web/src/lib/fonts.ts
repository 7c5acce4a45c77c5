/** Fonts a workspace may choose, mapped to the bundled @fontsource families. */
export const BLOG_FONTS: Record<string, { stack: string; serif: boolean }> = {
  Inter: { stack: "'Inter', ui-sans-serif, system-ui, sans-serif", serif: false },
  'Playfair Display': { stack: "'Playfair Display', Georgia, serif", serif: true },
  Montserrat: { stack: "'Montserrat', ui-sans-serif, system-ui, sans-serif", serif: false },
  Merriweather: { stack: "'Merriweather', Georgia, serif", serif: true },
  Lato: { stack: "'Lato', ui-sans-serif, system-ui, sans-serif", serif: false },
  Roboto: { stack: "'Roboto', ui-sans-serif, system-ui, sans-serif", serif: false },
  'Open Sans': { stack: "'Open Sans', ui-sans-serif, system-ui, sans-serif", serif: false },
  Lora: { stack: "'Lora', Georgia, serif", serif: true },
}

export const FONT_NAMES = Object.keys(BLOG_FONTS)

export function fontFor(name: string | null | undefined): { stack: string; serif: boolean } {
  if (name) {
    const hit = Object.entries(BLOG_FONTS).find(([k]) => k.toLowerCase() === name.trim().toLowerCase())
    if (hit) return hit[1]
  }
  return BLOG_FONTS.Inter
}
