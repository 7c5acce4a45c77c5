import { describe, expect, it } from 'vitest'
import { agree, countOf, plural, postsSummary } from './plural'

describe('plural', () => {
  it.each([
    [0, 'posts'],
    [1, 'post'],
    [2, 'posts'],
    [40, 'posts'],
  ])('%i → %s', (n, want) => expect(plural(n, 'post')).toBe(want))

  it('takes an irregular plural', () => {
    expect(countOf(1, 'category', 'categories')).toBe('1 category')
    expect(countOf(3, 'category', 'categories')).toBe('3 categories')
  })

  it('makes the verb agree', () => {
    expect(agree(1, 'matches', 'match')).toBe('matches')
    expect(agree(0, 'matches', 'match')).toBe('match')
  })
})

describe('postsSummary', () => {
  it.each([
    [0, false, '0 posts'],
    [1, false, '1 post'],
    [5, false, '5 posts'],
    [0, true, '0 posts match your filters'],
    [1, true, '1 post matches your filters'],
    [2, true, '2 posts match your filters'],
  ])('%i posts, filtered %s → %s', (n, filtered, want) => expect(postsSummary(n, filtered)).toBe(want))

  it('names what was matched', () => {
    expect(postsSummary(1, true, 'your search')).toBe('1 post matches your search')
  })
})
