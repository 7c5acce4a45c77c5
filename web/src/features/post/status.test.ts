import { describe, expect, it } from 'vitest'
import { actionsFor, autosaves, barActionsFor, saveState, statusPatch } from './status'

describe('actionsFor', () => {
  it.each([
    ['draft', ['saveDraft', 'publish', 'schedule']],
    ['scheduled', ['update', 'reschedule', 'publishNow', 'unschedule']],
    ['published', ['update', 'unpublish']],
  ] as const)('%s offers %o', (status, want) => {
    expect(actionsFor(status)).toEqual(want)
  })

  it.each([
    ['draft', ['saveDraft', 'publish']],
    ['scheduled', ['update']],
    ['published', ['update']],
  ] as const)("a phone's sticky bar for a %s post offers %o", (status, want) => {
    expect(barActionsFor(status)).toEqual(want)
    for (const a of want) expect(actionsFor(status)).toContain(a)
  })

  it('autosaves drafts only', () => {
    expect(autosaves('draft')).toBe(true)
    expect(autosaves('scheduled')).toBe(false)
    expect(autosaves('published')).toBe(false)
  })
})

describe('statusPatch', () => {
  it.each([
    ['saveDraft', undefined, {}],
    ['update', undefined, {}],
    ['publish', undefined, { status: 'published' }],
    ['publishNow', undefined, { status: 'published' }],
    ['schedule', '2030-01-01T10:00:00.000Z', { status: 'scheduled', publishAt: '2030-01-01T10:00:00.000Z' }],
    ['reschedule', '2030-01-02T10:00:00.000Z', { status: 'scheduled', publishAt: '2030-01-02T10:00:00.000Z' }],
    ['unschedule', undefined, { status: 'draft' }],
    ['unpublish', undefined, { status: 'draft' }],
  ] as const)('%s sends %o', (action, at, want) => {
    expect(statusPatch(action, at)).toEqual(want)
  })
})

describe('saveState', () => {
  const s = { saving: false, error: false, dirty: false, autosave: true, saved: false }
  it.each([
    [s, ''],
    [{ ...s, saved: true }, 'Saved'],
    [{ ...s, dirty: true }, 'Unsaved changes'],
    [{ ...s, dirty: true, autosave: false }, 'Unsaved changes: Update to publish them'],
    [{ ...s, dirty: true, saving: true }, 'Saving…'],
    [{ ...s, error: true, dirty: true }, 'Not saved'],
  ])('%o says %j', (state, want) => {
    expect(saveState(state)).toBe(want)
  })
})
