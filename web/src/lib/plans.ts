import type { Plan } from '@/api/types'

/**
 * A plan card's lines: the monthly limits, the category cap and the number of blogs worded from the plan's
 * numbers (the limits the server enforces), then the features it sells. The server's features do not restate the numbers;
 * a line that does anyway (an older server) is shown once, not twice.
 */
export function planLines(plan: Plan): string[] {
  const lines = [
    `${plan.postsPerMonth} posts per month`,
    `${plan.imagesPerMonth} AI images per month`,
    plan.maxCategories > 0 ? `Up to ${plan.maxCategories} categories` : 'Unlimited categories',
    blogsLine(plan.maxBlogs),
    ...(plan.features ?? []),
  ]
  const seen = new Set<string>()
  return lines.filter((l) => {
    const key = l.trim().toLowerCase()
    if (!key || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The number of blogs an account on the plan may own, in words (0: no cap). */
export function blogsLine(maxBlogs: number | undefined): string {
  if (!maxBlogs) return 'Unlimited blogs'
  return maxBlogs === 1 ? '1 blog' : `Up to ${maxBlogs} blogs`
}
