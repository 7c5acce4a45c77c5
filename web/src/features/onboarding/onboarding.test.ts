import { describe, expect, it } from 'vitest'
import {
  MSG_BLOG_NAME,
  MSG_CATEGORIES,
  ONBOARDING_FONTS,
  SUGGESTED_CATEGORIES,
  addCustomCategory,
  atCategoryCap,
  customCategory,
  toggleCategory,
  validateStep,
} from './onboarding'
import { PALETTE } from '@/api/shared.gen'

const marketing = SUGGESTED_CATEGORIES[0]

describe('wizard step validation', () => {
  it.each([
    [1, '', [], MSG_BLOG_NAME],
    [1, '   ', [], MSG_BLOG_NAME],
    [1, 'My Blog', [], null],
    [2, 'My Blog', [], MSG_CATEGORIES],
    [2, 'My Blog', [marketing], null],
    [3, 'My Blog', [marketing], null],
  ])('step %d, title %j, %j categories -> %j', (step, blogTitle, categories, out) => {
    expect(validateStep(step, { blogTitle, categories })).toBe(out)
  })

  it('uses the product texts', () => {
    expect(MSG_BLOG_NAME).toBe('Please enter a blog name')
    expect(MSG_CATEGORIES).toBe('Please select or create at least one category')
  })
})

describe('custom categories', () => {
  it.each([
    ['Home Office', { name: 'Home Office', slug: 'home-office' }],
    ['  Food & Drink!  ', { name: 'Food & Drink!', slug: 'food-drink' }],
    ['DIY  Projects', { name: 'DIY Projects', slug: 'diy-projects' }],
    ['Web3', { name: 'Web3', slug: 'web3' }],
  ])('%j -> slug, default colour and description', (input, out) => {
    expect(customCategory(input)).toEqual({ ...out, colorHex: '#6366f1', description: `${out.name} articles` })
  })

  it.each(['', '   ', '!!!', '&&'])('ignores %j', (input) => {
    expect(customCategory(input)).toBeNull()
    expect(addCustomCategory([marketing], input)).toEqual([marketing])
  })

  it('adds once: same slug or same name (any case) is a duplicate', () => {
    const one = addCustomCategory([], 'Home Office')
    expect(one).toHaveLength(1)
    expect(addCustomCategory(one, 'home office')).toBe(one)
    expect(addCustomCategory(one, 'Home   Office')).toBe(one)
    expect(addCustomCategory([marketing], 'marketing')).toEqual([marketing])
    expect(addCustomCategory(one, 'Garden')).toHaveLength(2)
  })

  it('toggles suggested categories', () => {
    const on = toggleCategory([], marketing)
    expect(on).toEqual([marketing])
    expect(toggleCategory(on, marketing)).toEqual([])
  })

  it.each([
    [3, 4, false],
    [4, 4, true],
    [5, 4, true],
    [50, 0, false],
  ])('%d of max %d -> capped %s', (n, max, out) => {
    expect(atCategoryCap(n, max)).toBe(out)
  })
})

describe('choices', () => {
  it('offers the ten suggested categories, five schemes and five fonts', () => {
    expect(SUGGESTED_CATEGORIES.map((c) => c.name)).toEqual([
      'Marketing',
      'Technology',
      'Health & Wellness',
      'Business',
      'Lifestyle',
      'Finance',
      'Food & Cooking',
      'Travel',
      'Personal Development',
      'Entertainment',
    ])
    for (const c of SUGGESTED_CATEGORIES) {
      expect(c.colorHex).toMatch(/^#[0-9a-f]{6}$/)
      expect(c.description).not.toBe('')
    }
    expect(PALETTE.schemes.map((c) => c.name)).toEqual(['Indigo Blue', 'Emerald Green', 'Rose Pink', 'Amber Gold', 'Purple'])
    expect([...ONBOARDING_FONTS]).toEqual(['Inter', 'Playfair Display', 'Montserrat', 'Merriweather', 'Lato'])
  })
})
