import { PALETTE } from '@/api/shared.gen'

/**
 * A blog's colour rules, as the server's internal/palette has them (PALETTE is generated from it, and
 * color.test.ts checks these functions against its answers).
 */

/** Whether s is a colour: # and six hex digits. */
export function isColor(s: string | null | undefined): boolean {
  return !!s && PALETTE.pattern.test(s)
}

/** The colour (trimmed, lower case), or the fallback when it is none: what a page may put in a style. */
export function safeHex(color: string | null | undefined, fallback: string = PALETTE.default): string {
  const c = color?.trim()
  return c && isColor(c) ? c.toLowerCase() : fallback
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The light or the dark ink, whichever reads better on the colour (white when it reaches the minimum contrast). */
export function readableOn(hex: string): string {
  const l = luminance(safeHex(hex))
  const light = 1.05 / (l + 0.05)
  const dark = (l + 0.05) / 0.05
  return light >= dark || light >= PALETTE.minContrast ? PALETTE.lightInk : PALETTE.darkInk
}

/** A category's background made from its colour, when it has no gradient of its own. */
export function gradientOf(hex: string | null | undefined): string {
  const c = safeHex(hex)
  return `linear-gradient(135deg, ${c}, ${c}cc)`
}

/** Gradient from the server, or one made from the category colour. */
export function categoryGradient(gradient: string | undefined, colorHex: string | undefined): string {
  if (gradient && /gradient\(/.test(gradient) && !/[;{}<>]/.test(gradient)) return gradient
  return gradientOf(colorHex)
}
