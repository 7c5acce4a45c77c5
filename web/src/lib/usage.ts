/** Usage counters: 80% warning, infinity for unlimited. */
import type { PostStorage, Usage } from '@/api/types'
import { formatSize } from '@/lib/format'

export const USAGE_WARNING = 'Running low on posts/images. Consider upgrading!'
export const WARNING_RATIO = 0.8
export const UNLIMITED = 999999

export function isUnlimited(limit: number, unlimited = false): boolean {
  return unlimited || limit >= UNLIMITED
}

/** Share of the limit used, 0-100 (0 for unlimited or no limit). */
export function usagePercent(used: number, limit: number, unlimited = false): number {
  if (isUnlimited(limit, unlimited) || limit <= 0) return 0
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)))
}

/** True from 80% of a limit on. */
export function isRunningLow(used: number, limit: number, unlimited = false): boolean {
  if (isUnlimited(limit, unlimited) || limit <= 0) return false
  return used / limit >= WARNING_RATIO
}

export function isAtLimit(used: number, limit: number, unlimited = false): boolean {
  if (isUnlimited(limit, unlimited) || limit <= 0) return false
  return used >= limit
}

/** The warning applies when posts or images reach 80%. */
export function showUsageWarning(u: Usage | undefined | null): boolean {
  if (!u) return false
  return isRunningLow(u.postsGenerated, u.postsLimit, u.unlimited) || isRunningLow(u.imagesGenerated, u.imagesLimit, u.unlimited)
}

/**
 * The plan card's line on what posts written by hand store: their text and revisions against the plan's cap
 * (none when limitBytes is 0 or the desk is unlimited), with the revisions kept per post.
 */
export function postStorageLine(s: PostStorage | undefined, unlimited = false): string {
  if (!s) return ''
  const revisions = s.revisionsKept > 0 ? ` ${s.revisionsKept} revisions kept per post.` : ''
  if (unlimited || s.limitBytes <= 0) return `Posts' text and revisions: ${formatSize(s.bytes)}.${revisions}`
  const full = s.bytes >= s.limitBytes ? ' Full: delete old posts or drafts, or upgrade.' : ''
  return `Posts' text and revisions: ${formatSize(s.bytes)} of ${formatSize(s.limitBytes)}.${full}${revisions}`
}
