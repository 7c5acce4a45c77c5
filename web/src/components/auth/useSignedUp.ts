import { useState } from 'react'

/** Where a new account goes next: the setup wizard. */
export const AFTER_SIGNUP = '/onboarding'

/**
 * Whether this page just created an account (SignupFields' `onSignedUp`). Check it before the session:
 * a new account goes to AFTER_SIGNUP, not where a signed-in visitor is sent.
 */
export function useSignedUp(): [boolean, () => void] {
  const [done, setDone] = useState(false)
  return [done, () => setDone(true)]
}
