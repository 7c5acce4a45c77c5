import type { PlanTier } from '@/api/types'

/** The plan tiers an admin can give a workspace. */
export const PLAN_TIERS: { value: PlanTier; label: string }[] = [
  { value: 'starter', label: 'Starter' },
  { value: 'professional', label: 'Professional' },
  { value: 'agency', label: 'Agency' },
  { value: 'admin', label: 'Admin' },
]

export function planLabel(tier: string): string {
  return PLAN_TIERS.find((p) => p.value === tier)?.label ?? tier
}
