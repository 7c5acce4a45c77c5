import { DEFAULT_CATEGORY_COLOR } from './constants'

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/** A safe #rgb/#rrggbb colour or the fallback. */
export function safeHex(color: string | null | undefined, fallback = DEFAULT_CATEGORY_COLOR): string {
  return color && HEX.test(color.trim()) ? color.trim() : fallback
}

function channels(hex: string): [number, number, number] {
  let h = hex.slice(1)
  if (h.length === 3) h = h.split('').map((c) => c + c).join('')
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number]
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** White or near-black, whichever reads better on the given background. */
export function readableOn(hex: string): string {
  const l = luminance(safeHex(hex))
  const whiteContrast = 1.05 / (l + 0.05)
  const darkContrast = (l + 0.05) / 0.05
  return whiteContrast >= darkContrast || whiteContrast >= 4.5 ? '#ffffff' : '#0f172a'
}

/** Gradient from the server, or one made from the category colour. */
export function categoryGradient(gradient: string | undefined, colorHex: string | undefined): string {
  if (gradient && /gradient\(/.test(gradient) && !/[;{}<>]/.test(gradient)) return gradient
  const c = safeHex(colorHex)
  return `linear-gradient(135deg, ${c}, ${c}cc)`
}
