import { SignupForm } from '@/components/auth/SignupForm'

export function Signup() {
  return <SignupForm title="Create your blog" subtitle="Start your 14-day free trial." loginPath="/login" />
}
