import { describe, expect, it } from 'vitest'
import type { Usage } from '@/api/types'
import { USAGE_WARNING, isAtLimit, isRunningLow, postStorageLine, showUsageWarning, usagePercent } from '@/lib/usage'

function usage(postsGenerated: number, postsLimit: number, imagesGenerated: number, imagesLimit: number, unlimited = false): Usage {
  return { month: '2025-01-01', postsGenerated, postsLimit, imagesGenerated, imagesLimit, trial: false, unlimited }
}

describe('usage warning at 80%', () => {
  it.each([
    [0, 10, false],
    [7, 10, false],
    [8, 10, true],
    [10, 10, true],
    [23, 30, false],
    [24, 30, true],
    [0, 0, false],
    [5000, 999999, false],
  ])('%d of %d -> low %s', (used, limit, low) => {
    expect(isRunningLow(used, limit)).toBe(low)
  })

  it.each([
    ['posts at 80%', usage(8, 10, 0, 10), true],
    ['images at 80%', usage(0, 10, 8, 10), true],
    ['both at 70%', usage(7, 10, 7, 10), false],
    ['unlimited', usage(999, 999999, 999, 999999, true), false],
    ['unlimited flag', usage(9, 10, 9, 10, true), false],
  ])('%s -> %s', (_, u, out) => {
    expect(showUsageWarning(u)).toBe(out)
  })

  it('has the product text', () => {
    expect(USAGE_WARNING).toBe('Running low on posts/images. Consider upgrading!')
  })
})

describe('percent and limit', () => {
  it.each([
    [0, 10, 0],
    [3, 10, 30],
    [1, 3, 33],
    [12, 10, 100],
    [5, 0, 0],
    [5, 999999, 0],
  ])('%d of %d -> %d%%', (used, limit, pct) => {
    expect(usagePercent(used, limit)).toBe(pct)
  })

  it('knows when the limit is reached', () => {
    expect(isAtLimit(9, 10)).toBe(false)
    expect(isAtLimit(10, 10)).toBe(true)
    expect(isAtLimit(10, 10, true)).toBe(false)
  })
})

describe('post storage line', () => {
  it.each([
    [{ bytes: 3 * 1024 * 1024, limitBytes: 50 * 1024 * 1024, revisionsKept: 10 }, false, "Posts' text and revisions: 3.0 MB of 50.0 MB. 10 revisions kept per post."],
    [{ bytes: 50 * 1024 * 1024, limitBytes: 50 * 1024 * 1024, revisionsKept: 10 }, false, "Posts' text and revisions: 50.0 MB of 50.0 MB. Full: delete old posts or drafts, or upgrade. 10 revisions kept per post."],
    [{ bytes: 2048, limitBytes: 0, revisionsKept: 50 }, false, "Posts' text and revisions: 2.0 KB. 50 revisions kept per post."],
    [{ bytes: 2048, limitBytes: 50 * 1024 * 1024, revisionsKept: 50 }, true, "Posts' text and revisions: 2.0 KB. 50 revisions kept per post."],
  ])('%o (unlimited %s)', (s, unlimited, want) => {
    expect(postStorageLine(s, unlimited)).toBe(want)
  })
  it('says nothing without the figure', () => {
    expect(postStorageLine(undefined)).toBe('')
  })
})
