import { createFontStack } from '@capsizecss/core'
import { fontFamilyToCamelCase } from '@capsizecss/metrics'
import { entireMetricsCollection } from '@capsizecss/metrics/entireMetricsCollection'

/**
 * A web font arrives after the first paint (font-display: swap): until then the text is set in a local font,
 * and when the font swaps in, lines rewrap and the page shifts. A fallback face, a local Arial or Times New
 * Roman scaled and given the web font's ascent, descent and line gap (capsize computes them from the fonts'
 * metrics), takes the same room, so the swap changes the letters, not the layout. Liberation Sans and Serif
 * (Linux) are metric-compatible with Arial and Times New Roman and take the same overrides.
 */

const LOCAL_ALIASES: Record<string, string> = {
  "local('Arial'), local('ArialMT')": "local('Arial'), local('ArialMT'), local('Liberation Sans'), local('LiberationSans-Regular')",
  "local('Times New Roman'), local('TimesNewRomanPSMT')":
    "local('Times New Roman'), local('TimesNewRomanPSMT'), local('Liberation Serif'), local('LiberationSerif-Regular')",
}

type Metrics = Parameters<typeof createFontStack>[0][number]

function metricsOf(family: string): (Metrics & { category?: string }) | undefined {
  return (entireMetricsCollection as unknown as Record<string, Metrics & { category?: string }>)[fontFamilyToCamelCase(family)]
}

/** The family name of a font's fallback face. */
export function fallbackFamily(family: string): string {
  return `${family} Fallback`
}

/** The @font-face rule of a web font's fallback: a local font with the web font's measures ("" for a font capsize does not know). */
export function fallbackFace(family: string): string {
  const font = metricsOf(family)
  const local = metricsOf(font?.category === 'serif' ? 'Times New Roman' : 'Arial')
  if (!font || !local) return ''
  let css = createFontStack([font, local]).fontFaces
  for (const [from, to] of Object.entries(LOCAL_ALIASES)) css = css.replace(from, to)
  return css.replace(/\n\s*/g, '').replace(/;\}/g, '}') + '\n'
}
