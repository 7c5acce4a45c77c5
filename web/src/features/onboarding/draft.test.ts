import { afterEach, describe, expect, it } from 'vitest'
import { clearDraft, draftKey, loadDraft, parseDraft, saveDraft, type WizardDraft } from './draft'

const draft: WizardDraft = {
  step: 2,
  blogTitle: 'Olivia Cooks',
  blogDescription: 'Recipes',
  selected: [{ name: 'Travel', slug: 'travel', colorHex: '#14b8a6', description: 'Destinations, guides and travel tips' }],
  primaryColor: '#f43f5e',
  fontFamily: 'Lato',
}

afterEach(() => sessionStorage.clear())

describe('onboarding draft', () => {
  it('round-trips through sessionStorage, per user, and is cleared', () => {
    saveDraft(2, draft)
    expect(loadDraft(2)).toEqual(draft)
    expect(loadDraft(3)).toBeNull()
    clearDraft(2)
    expect(loadDraft(2)).toBeNull()
    expect(sessionStorage.getItem(draftKey(2))).toBeNull()
  })

  it.each([
    ['no draft', null],
    ['not JSON', '{'],
    ['the done step', JSON.stringify({ ...draft, step: 4 })],
    ['step 0', JSON.stringify({ ...draft, step: 0 })],
    ['a bad colour', JSON.stringify({ ...draft, primaryColor: 'red;}' })],
    ['an unknown font', JSON.stringify({ ...draft, fontFamily: 'Comic Sans' })],
    ['a broken category', JSON.stringify({ ...draft, selected: [{ name: 'x' }] })],
  ])('reads %s as no draft', (_, raw) => expect(parseDraft(raw)).toBeNull())

  it('keeps only the fields of a category', () => {
    const raw = JSON.stringify({ ...draft, selected: [{ ...draft.selected[0], extra: 1 }] })
    expect(parseDraft(raw)?.selected).toEqual(draft.selected)
  })
})
