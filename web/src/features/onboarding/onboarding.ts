/** Onboarding choices and rules (docs/product.md), kept pure for tests. */
import type { NewCategory } from '@/api/types'
import { PALETTE } from '@/api/shared.gen'
import { categorySlug } from '@/lib/keywords'

export const SUGGESTED_CATEGORIES: NewCategory[] = [
  { name: 'Marketing', slug: 'marketing', colorHex: '#8b5cf6', description: 'Marketing strategies, social media and growth' },
  { name: 'Technology', slug: 'technology', colorHex: '#0ea5e9', description: 'Tech news, tools and tutorials' },
  { name: 'Health & Wellness', slug: 'health-wellness', colorHex: '#10b981', description: 'Health, nutrition and wellbeing' },
  { name: 'Business', slug: 'business', colorHex: '#6366f1', description: 'Business ideas, management and entrepreneurship' },
  { name: 'Lifestyle', slug: 'lifestyle', colorHex: '#ec4899', description: 'Everyday life, habits and inspiration' },
  { name: 'Finance', slug: 'finance', colorHex: '#f59e0b', description: 'Personal finance, investing and money tips' },
  { name: 'Food & Cooking', slug: 'food-cooking', colorHex: '#ef4444', description: 'Recipes, cooking tips and food culture' },
  { name: 'Travel', slug: 'travel', colorHex: '#14b8a6', description: 'Destinations, guides and travel tips' },
  { name: 'Personal Development', slug: 'personal-development', colorHex: '#a855f7', description: 'Growth, productivity and mindset' },
  { name: 'Entertainment', slug: 'entertainment', colorHex: '#f97316', description: 'Movies, music, games and pop culture' },
]

export const ONBOARDING_FONTS = ['Inter', 'Playfair Display', 'Montserrat', 'Merriweather', 'Lato'] as const

export const STEP_LABELS = ['Your blog', 'Categories', 'Look and feel', 'Done'] as const

export const MSG_BLOG_NAME = 'Please enter a blog name'
export const MSG_CATEGORIES = 'Please select or create at least one category'

/** A custom category: the custom-category slug rule, the default colour and '{name} articles'. */
export function customCategory(rawName: string): NewCategory | null {
  const name = rawName.trim().replace(/\s+/g, ' ')
  const slug = categorySlug(name)
  if (!name || !slug) return null
  return { name, slug, colorHex: PALETTE.default, description: `${name} articles` }
}

export function sameCategory(a: NewCategory, b: NewCategory): boolean {
  return a.slug === b.slug || a.name.toLowerCase() === b.name.toLowerCase()
}

/**
 * Adds a custom category by name. Empty names and categories already chosen (same slug or name)
 * leave the list as it is.
 */
export function addCustomCategory(selected: NewCategory[], rawName: string): NewCategory[] {
  const cat = customCategory(rawName)
  if (!cat || selected.some((c) => sameCategory(c, cat))) return selected
  return [...selected, cat]
}

/** Selects or deselects a category. */
export function toggleCategory(selected: NewCategory[], cat: NewCategory): NewCategory[] {
  return selected.some((c) => c.slug === cat.slug) ? selected.filter((c) => c.slug !== cat.slug) : [...selected, cat]
}

/** True when the plan's category cap (0 = unlimited) is reached. */
export function atCategoryCap(count: number, max: number): boolean {
  return max > 0 && count >= max
}

export interface WizardState {
  blogTitle: string
  categories: NewCategory[]
}

/** The message that stops the wizard from leaving a step, or null when it may go on. */
export function validateStep(step: number, state: WizardState): string | null {
  if (step === 1 && !state.blogTitle.trim()) return MSG_BLOG_NAME
  if (step === 2 && state.categories.length === 0) return MSG_CATEGORIES
  return null
}
