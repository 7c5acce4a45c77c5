import { describe, expect, it } from 'vitest'
import { scrollEdges } from './useScrollEdges'

describe('scrollEdges', () => {
  it.each([
    ['a row that fits', 0, 300, 300, { start: false, end: false }],
    ['a row half a pixel too wide (rounding)', 0, 300.5, 300, { start: false, end: false }],
    ['at the start of a long row', 0, 900, 390, { start: false, end: true }],
    ['in the middle', 200, 900, 390, { start: true, end: true }],
    ['at the end', 510, 900, 390, { start: true, end: false }],
    ['a pixel short of the end (rounding)', 509.5, 900, 390, { start: true, end: false }],
  ])('%s', (_, left, width, client, want) => {
    expect(scrollEdges(left, width, client)).toEqual(want)
  })
})
