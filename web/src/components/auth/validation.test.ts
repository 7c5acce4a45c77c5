import { describe, expect, it } from 'vitest'
import { blogNamePlaceholder } from './validation'

describe('blogNamePlaceholder', () => {
  it.each([
    ['', 'Your Blog'],
    ['   ', 'Your Blog'],
    ['Olivia', "Olivia's Blog"],
    ['  Jane   Doe ', "Jane Doe's Blog"],
  ])('%j → %j', (name, want) => expect(blogNamePlaceholder(name)).toBe(want))

  it("never reads 'Your's Blog'", () => expect(blogNamePlaceholder('')).not.toContain("'s"))
})
