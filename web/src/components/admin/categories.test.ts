import { describe, expect, it } from 'vitest'
import { categoryForm, toNewCategory, validateCategory, withName } from './categories'

describe('category form', () => {
  it('requires slug and name', () => {
    expect(validateCategory(categoryForm(), false)).toEqual({ slug: 'Slug is required', name: 'Name is required' })
    expect(validateCategory({ ...categoryForm(), slug: 'Bad Slug', name: 'x' }, false).slug).toBeTruthy()
  })

  it('suggests the slug from the name until it is typed by hand', () => {
    let f = withName(categoryForm(), 'Home Office!', false)
    expect(f.slug).toBe('home-office')
    f = { ...f, slug: 'desk', slugTouched: true }
    expect(withName(f, 'Home Office Gear', false).slug).toBe('desk')
  })

  it('keeps the slug when editing', () => {
    const f = categoryForm({ id: 1, name: 'Keto', slug: 'keto', description: '', colorHex: '#10b981', gradient: '', postCount: 0 })
    expect(withName(f, 'Keto Diet', true).slug).toBe('keto')
    expect(validateCategory({ ...f, slug: '' }, true)).toEqual({})
  })

  it('defaults the colour to #6366f1', () => {
    expect(toNewCategory({ ...categoryForm(), slug: 'a', name: ' A  b ', colorHex: '' })).toEqual({ slug: 'a', name: 'A b', description: '', colorHex: '#6366f1' })
  })
})
