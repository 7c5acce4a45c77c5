import { LoginForm } from '@/components/auth/LoginForm'

export function Login() {
  return <LoginForm title="Welcome back" subtitle="Sign in to manage your blog." signupPath="/signup" />
}
