import { describe, expect, it } from 'vitest'
import { fromLocalInput, suggestedTime, toLocalInput } from './schedule'

// The suite runs in whatever time zone the machine has: compare through Date, not fixed strings.
describe('datetime-local values', () => {
  it('round-trips an instant through the local picker value', () => {
    const iso = '2030-03-09T14:30:00.000Z'
    const local = toLocalInput(iso)
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    expect(fromLocalInput(local)).toBe(iso)
  })

  it('reads a picker value as local time', () => {
    const d = new Date(2030, 0, 15, 9, 5)
    expect(fromLocalInput('2030-01-15T09:05')).toBe(d.toISOString())
    expect(toLocalInput(d.toISOString())).toBe('2030-01-15T09:05')
  })

  it.each(['', '2030-01-15', 'soon', '2030-13-45T99:99'])('refuses %j', (v) => {
    expect(fromLocalInput(v)).toBeNull()
  })

  it('shows nothing for a missing or bad instant', () => {
    expect(toLocalInput(undefined)).toBe('')
    expect(toLocalInput('nope')).toBe('')
  })

  it('suggests the next full hour at least half an hour away', () => {
    expect(suggestedTime(new Date(2030, 0, 15, 9, 5))).toBe('2030-01-15T10:00')
    expect(suggestedTime(new Date(2030, 0, 15, 9, 45))).toBe('2030-01-15T11:00')
    expect(suggestedTime(new Date(2030, 0, 15, 23, 40))).toBe('2030-01-16T01:00')
  })
})
