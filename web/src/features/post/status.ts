/** What the desk offers for each post status, what each action sends and what it says after. */
import type { PostPatch, PostStatus } from '@/api/types'

export type DeskAction = 'saveDraft' | 'publish' | 'schedule' | 'update' | 'reschedule' | 'publishNow' | 'unschedule' | 'unpublish'

const ACTIONS: Record<PostStatus, DeskAction[]> = {
  draft: ['saveDraft', 'publish', 'schedule'],
  scheduled: ['update', 'reschedule', 'publishNow', 'unschedule'],
  published: ['update', 'unpublish'],
}

/** The buttons of the status panel, in order. */
export function actionsFor(status: PostStatus): DeskAction[] {
  return ACTIONS[status]
}

const BAR: Record<PostStatus, DeskAction[]> = {
  draft: ['saveDraft', 'publish'],
  scheduled: ['update'],
  published: ['update'],
}

/**
 * The buttons of the phone's sticky bar: the everyday ones of the status panel (the others, which
 * ask for a date or take the post down, stay in the panel).
 */
export function barActionsFor(status: PostStatus): DeskAction[] {
  return BAR[status]
}

/** Drafts save themselves; a scheduled or published post changes only on "Update". */
export function autosaves(status: PostStatus): boolean {
  return status === 'draft'
}

/** The status part of the PATCH (or POST) for an action. */
export function statusPatch(action: DeskAction, publishAt?: string): Pick<PostPatch, 'status' | 'publishAt'> {
  switch (action) {
    case 'publish':
    case 'publishNow':
      return { status: 'published' }
    case 'schedule':
    case 'reschedule':
      return publishAt ? { status: 'scheduled', publishAt } : { status: 'scheduled' }
    case 'unschedule':
    case 'unpublish':
      return { status: 'draft' }
    default:
      return {}
  }
}

export const ACTION_LABEL: Record<DeskAction, string> = {
  saveDraft: 'Save draft',
  publish: 'Publish',
  schedule: 'Schedule',
  update: 'Update',
  reschedule: 'Reschedule',
  publishNow: 'Publish now',
  unschedule: 'Unschedule',
  unpublish: 'Unpublish',
}

export const ACTION_DONE: Record<DeskAction, string> = {
  saveDraft: 'Draft saved',
  publish: 'Post published',
  schedule: 'Post scheduled',
  update: 'Post updated',
  reschedule: 'Post scheduled',
  publishNow: 'Post published',
  unschedule: 'Post unscheduled',
  unpublish: 'Post unpublished',
}

/** The toast title when an action fails (the server's message is its description). */
export const ACTION_ERROR: Record<DeskAction, string> = {
  saveDraft: 'Error saving draft',
  publish: 'Error publishing post',
  schedule: 'Error scheduling post',
  update: 'Error updating post',
  reschedule: 'Error scheduling post',
  publishNow: 'Error publishing post',
  unschedule: 'Error updating post',
  unpublish: 'Error updating post',
}

export const STATUS_LABEL: Record<PostStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' }

/** What the save indicator says. */
export function saveState({ saving, error, dirty, autosave, saved }: { saving: boolean; error: boolean; dirty: boolean; autosave: boolean; saved: boolean }): string {
  if (saving) return 'Saving…'
  if (error) return 'Not saved'
  if (dirty) return autosave ? 'Unsaved changes' : 'Unsaved changes: Update to publish them'
  return saved ? 'Saved' : ''
}
