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

export function titleCase(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
}
