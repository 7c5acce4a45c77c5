import type { Plan } from '@/api/types'

/**
 * A plan card's lines: the monthly limits and the category cap worded from the plan's numbers (the limits
 * the server enforces), then the features it sells. The server's features do not restate the numbers;
 * a line that does anyway (an older server) is shown once, not twice.
 */
export function planLines(plan: Plan): string[] {
  const lines = [
    `${plan.postsPerMonth} posts per month`,
    `${plan.imagesPerMonth} AI images per month`,
    plan.maxCategories > 0 ? `Up to ${plan.maxCategories} categories` : 'Unlimited categories',
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
