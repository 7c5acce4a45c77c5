import { createContext, useContext } from 'react'
import { categoryGradient, readableOn, safeHex } from './color'

/** Badge colours for the four fixed categories; others fall back to their own colour. */
export const CATEGORY_BADGE: Record<string, string> = {
  marketing: 'bg-violet-100 text-violet-800 ring-violet-200',
  keto: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  fitness: 'bg-orange-100 text-orange-800 ring-orange-200',
  tech: 'bg-sky-100 text-sky-800 ring-sky-200',
}

export const FIXED_CATEGORIES = ['marketing', 'keto', 'fitness', 'tech'] as const

export function categoryBadgeClass(slug: string): string | null {
  return CATEGORY_BADGE[slug.toLowerCase()] ?? null
}

/** The four fixed categories' gradients, the ones their category cards wear (the demo data seeds them). */
export const CATEGORY_GRADIENT: Record<string, string> = {
  marketing: 'linear-gradient(135deg, #6366f1 0%, #8b5cf6 100%)',
  keto: 'linear-gradient(135deg, #10b981 0%, #14b8a6 100%)',
  fitness: 'linear-gradient(135deg, #f43f5e 0%, #f97316 100%)',
  tech: 'linear-gradient(135deg, #0ea5e9 0%, #6366f1 100%)',
}

/** A category's own colour and gradient, as a blog's category list gives them. */
export interface CategoryColor {
  colorHex: string
  gradient?: string
}

/**
 * Background and text colour of a post's stand-in cover: the category's own gradient when the page knows
 * it (`own`, from the blog's categories), else the fixed categories' gradients, else the blog's primary
 * colour (the --brand variables a blog theme sets).
 */
export function coverPlaceholderStyle(slug: string, own?: CategoryColor | null): { background: string; color: string } {
  if (own) return { background: categoryGradient(own.gradient, own.colorHex), color: readableOn(safeHex(own.colorHex)) }
  const g = CATEGORY_GRADIENT[slug.toLowerCase()]
  return g
    ? { background: g, color: '#ffffff' }
    : { background: 'linear-gradient(135deg, var(--brand) 0%, var(--brand-strong) 100%)', color: 'var(--brand-contrast)' }
}

/** The categories of the blog a page shows, by lower-cased slug (null: not known here). */
export const CategoryColorsContext = createContext<Record<string, CategoryColor> | null>(null)

export function useCategoryColor(slug: string): CategoryColor | null {
  return useContext(CategoryColorsContext)?.[slug.toLowerCase()] ?? null
}

/** The lookup CategoryColorsContext holds. */
export function categoryColors(categories: ReadonlyArray<{ slug: string; colorHex: string; gradient?: string }>): Record<string, CategoryColor> {
  return Object.fromEntries(categories.map((c) => [c.slug.toLowerCase(), { colorHex: c.colorHex, gradient: c.gradient }]))
}

export function titleCase(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
}
