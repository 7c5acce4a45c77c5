import { SignupForm } from '@/components/auth/SignupForm'

export function AdminSignup() {
  return <SignupForm title="Create your account" subtitle="Start your 14-day free trial." loginPath="/admin/login" />
}
