/** The category form's rules: slug and name required; slug fixed once created. */
import type { Category, NewCategory } from '@/api/types'
import { PALETTE } from '@/api/shared.gen'
import { isColor } from '@/lib/color'
import { categorySlug } from '@/lib/keywords'

export const CATEGORY_DELETE_QUESTION = 'Are you sure? This will not delete posts in this category.'
/** The categories a deleted category's posts may move to: every other one, in the list's order. */
export function moveTargets(deleting: Category, all: Category[]): Category[] {
  return all.filter((c) => c.id !== deleting.id)
}

/** What a category holds, as "2 posts", "1 planned post" or "2 posts and 1 planned post". */
export function filed(c: Category): string {
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`
  const planned = c.plannedCount ?? 0
  const parts = [c.postCount > 0 || planned === 0 ? count(c.postCount, 'post') : '', planned > 0 ? count(planned, 'planned post') : '']
  return parts.filter(Boolean).join(' and ')
}

export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export interface CategoryForm {
  slug: string
  name: string
  description: string
  colorHex: string
  /** True once the slug was typed by hand (it then stops following the name). */
  slugTouched: boolean
}

export function categoryForm(c?: Category | null): CategoryForm {
  return c
    ? { slug: c.slug, name: c.name, description: c.description ?? '', colorHex: c.colorHex || PALETTE.default, slugTouched: true }
    : { slug: '', name: '', description: '', colorHex: PALETTE.default, slugTouched: false }
}

export type CategoryErrors = Partial<Record<'slug' | 'name' | 'colorHex', string>>

export function validateCategory(f: CategoryForm, editing: boolean): CategoryErrors {
  const e: CategoryErrors = {}
  const slug = f.slug.trim()
  if (!editing) {
    if (!slug) e.slug = 'Slug is required'
    else if (!SLUG_RE.test(slug) || slug.length > 60) e.slug = 'Use lowercase letters, numbers and single dashes'
  }
  if (!f.name.trim()) e.name = 'Name is required'
  if (f.colorHex && !isColor(f.colorHex.trim())) e.colorHex = `Use a hex colour like ${PALETTE.default}`
  return e
}

/** The slug the name suggests while the slug has not been typed by hand. */
export function withName(f: CategoryForm, name: string, editing: boolean): CategoryForm {
  return { ...f, name, slug: editing || f.slugTouched ? f.slug : categorySlug(name) }
}

export function toNewCategory(f: CategoryForm): NewCategory {
  return {
    slug: f.slug.trim(),
    name: f.name.trim().replace(/\s+/g, ' '),
    description: f.description.trim(),
    colorHex: (f.colorHex.trim() || PALETTE.default).toLowerCase(),
  }
}
