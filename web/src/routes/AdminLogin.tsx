import { LoginForm } from '@/components/auth/LoginForm'

export function AdminLogin() {
  return <LoginForm title="Admin Login" subtitle="Sign in to your dashboard." signupPath="/admin/signup" />
}
