/**
 * /onboarding — the 4-step setup wizard: (1) blog name and description, (2) categories (the ten
 * suggestions plus custom ones), (3) colour scheme and font with a live preview, (4) done.
 * Back goes one step down; 'Skip for now' completes setup at once (General category by default).
 */
import { useState } from 'react'
import { Navigate } from 'react-router'
import type { Me } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { usePageMeta } from '@/hooks/usePageMeta'
import { Wizard } from './Wizard'

function OnboardingGate({ me }: { me: Me }) {
  // Only send finished users away on arrival; the wizard shows its own completion step.
  const [initiallyDone] = useState(me.onboardingCompleted)
  if (me.isAdmin) return <Navigate to="/admin/dashboard" replace />
  if (initiallyDone) return <Navigate to="/dashboard" replace />
  return <Wizard me={me} />
}

export default function Onboarding() {
  usePageMeta('Set up your blog')
  return <RequireSession redirectTo="/admin/login">{(me) => <OnboardingGate me={me} />}</RequireSession>
}
