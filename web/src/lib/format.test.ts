import { describe, expect, it } from 'vitest'
import {
  formatLimit,
  formatDateTime,
  formatLongDate,
  formatShortDate,
  formatSize,
  readMinutes,
  tagLabel,
  wholeMinutes,
} from './format'

describe('dates', () => {
  it('formats card dates as MMM d, yyyy', () => {
    expect(formatShortDate('2025-01-05T12:00:00Z')).toBe('Jan 5, 2025')
    // The day in UTC, whatever the time zone of the machine that renders.
    expect(formatShortDate(new Date(Date.UTC(2024, 11, 25, 23, 30)))).toBe('Dec 25, 2024')
    expect(formatShortDate('2024-02-29')).toBe('Feb 29, 2024')
  })
  it('formats post dates as MMMM d, yyyy', () => {
    expect(formatLongDate('2025-01-05T12:00:00Z')).toBe('January 5, 2025')
    expect(formatLongDate(new Date(Date.UTC(2024, 8, 30)))).toBe('September 30, 2024')
  })
  it('returns an empty string for missing or invalid dates', () => {
    expect(formatShortDate('')).toBe('')
    expect(formatShortDate('not a date')).toBe('')
    expect(formatLongDate(null)).toBe('')
    expect(formatDateTime('2025-13-45')).toBe('')
  })
  it.each([
    [new Date(2025, 0, 5, 15, 4), 'Jan 5, 2025, 3:04 PM'],
    [new Date(2025, 0, 5, 0, 30), 'Jan 5, 2025, 12:30 AM'],
    [new Date(2025, 6, 9, 12, 0), 'Jul 9, 2025, 12:00 PM'],
  ])('formats table times: %s', (d, want) => {
    expect(formatDateTime(d)).toBe(want)
  })
})

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1024.0 KB'],
    [1024 * 1024, '1.0 MB'],
    [5 * 1024 * 1024, '5.0 MB'],
    [-5, '0 B'],
  ])('%d bytes -> %s', (bytes, out) => {
    expect(formatSize(bytes)).toBe(out)
  })
})

describe('read time and labels', () => {
  it('counts read time in whole minutes, at least one', () => {
    expect(wholeMinutes(4)).toBe(4)
    expect(wholeMinutes(4.6)).toBe(5)
    expect(wholeMinutes(0)).toBe(1)
    expect(wholeMinutes(Number.NaN)).toBe(1)
  })
  it('computes read time as words / 200 rounded up', () => {
    expect(readMinutes('word '.repeat(200))).toBe(1)
    expect(readMinutes('word '.repeat(201))).toBe(2)
    expect(readMinutes('<p>' + 'word '.repeat(400) + '</p>')).toBe(2)
  })
  it('upper-cases tags with a single #', () => {
    expect(tagLabel('low carb')).toBe('#LOW CARB')
    expect(tagLabel('#seo')).toBe('#SEO')
  })
  it('shows unlimited as infinity', () => {
    expect(formatLimit(999999)).toBe('∞')
    expect(formatLimit(30)).toBe('30')
  })
})
