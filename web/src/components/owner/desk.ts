/** The owner's and the admin's desks: addresses and a few rules and texts their screens share. */
import type { WorkspaceResponse } from '@/api/types'
import { countOf } from '@/lib/plural'

/** A post's own screen: edit, review and publish (/dashboard/posts/{id}). */
export const postScreenPath = (id: number) => `/dashboard/posts/${id}`

/** A new hand-written post. */
export const NEW_POST_PATH = '/dashboard/posts/new'

/** My Posts showing only the drafts. */
export const DRAFTS_PATH = '/dashboard/posts?status=draft'

/** The plan an admin (or a workspace on the admin plan) is shown. */
export const ADMIN_PLAN = 'Admin - Unlimited Access'

/**
 * Whether the workspace runs without limits: the signed-in user is an admin (who runs the site
 * workspace), the workspace is on the admin plan, or the server says its usage is unlimited.
 */
export function isUnlimitedDesk(data: WorkspaceResponse, isAdmin: boolean): boolean {
  return isAdmin || data.site || data.workspace.planTier === 'admin' || Boolean(data.usage.unlimited)
}

/** 'You have 1 draft to review' / 'You have N drafts to review'. */
export function draftsToReview(n: number): string {
  return `You have ${countOf(n, 'draft')} to review`
}
