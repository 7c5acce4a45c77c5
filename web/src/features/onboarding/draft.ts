/**
 * The wizard's unfinished answers, kept in sessionStorage so a reload resumes at the same step with the
 * same choices. One draft per user (a second account in the same tab starts afresh); cleared when setup
 * is completed or skipped. Anything unreadable counts as no draft.
 */
import type { NewCategory } from '@/api/types'
import { ONBOARDING_FONTS } from './onboarding'

export interface WizardDraft {
  /** 1 to 3: the done screen is never resumed. */
  step: number
  blogTitle: string
  blogDescription: string
  selected: NewCategory[]
  primaryColor: string
  fontFamily: string
  /** The blog's address as typed, and whether the owner wrote it (else it follows the blog's name). */
  address?: string
  addressEdited?: boolean
}

const PREFIX = 'inkpress.onboarding.'
const HEX = /^#[0-9a-f]{6}$/i

export function draftKey(userId: number): string {
  return PREFIX + userId
}

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null // storage blocked by the browser
  }
}

function isCategory(c: unknown): c is NewCategory {
  if (!c || typeof c !== 'object') return false
  const o = c as Record<string, unknown>
  return typeof o.name === 'string' && typeof o.slug === 'string' && typeof o.description === 'string' && typeof o.colorHex === 'string'
}

/** The draft read back, checked field by field; null when there is none or it is not one. */
export function parseDraft(raw: string | null): WizardDraft | null {
  if (!raw) return null
  let v: unknown
  try {
    v = JSON.parse(raw)
  } catch {
    return null
  }
  if (!v || typeof v !== 'object') return null
  const o = v as Record<string, unknown>
  if (typeof o.step !== 'number' || !Number.isInteger(o.step) || o.step < 1 || o.step > 3) return null
  if (typeof o.blogTitle !== 'string' || typeof o.blogDescription !== 'string') return null
  if (!Array.isArray(o.selected) || !o.selected.every(isCategory)) return null
  if (typeof o.primaryColor !== 'string' || !HEX.test(o.primaryColor)) return null
  if (typeof o.fontFamily !== 'string' || !(ONBOARDING_FONTS as readonly string[]).includes(o.fontFamily)) return null
  // A draft from before the address was asked has none: the wizard proposes one.
  const address = typeof o.address === 'string' ? { address: o.address, addressEdited: o.addressEdited === true } : {}
  return {
    step: o.step,
    blogTitle: o.blogTitle,
    blogDescription: o.blogDescription,
    selected: o.selected.map(({ name, slug, description, colorHex }) => ({ name, slug, description, colorHex })),
    primaryColor: o.primaryColor,
    fontFamily: o.fontFamily,
    ...address,
  }
}

export function loadDraft(userId: number): WizardDraft | null {
  try {
    return parseDraft(store()?.getItem(draftKey(userId)) ?? null)
  } catch {
    return null
  }
}

export function saveDraft(userId: number, draft: WizardDraft): void {
  try {
    store()?.setItem(draftKey(userId), JSON.stringify(draft))
  } catch {
    // full or blocked storage: a reload then starts at step 1, as before
  }
}

export function clearDraft(userId: number): void {
  try {
    store()?.removeItem(draftKey(userId))
  } catch {
    // nothing to clear
  }
}
