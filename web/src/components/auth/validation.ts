export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export interface LoginValues {
  email: string
  password: string
}
export interface SignupValues extends LoginValues {
  name: string
  blogName: string
}

export type Errors<T> = Partial<Record<keyof T, string>>

export function validateEmail(email: string): string | undefined {
  if (!email.trim()) return 'Email is required'
  if (!EMAIL_RE.test(email.trim())) return 'Please enter a valid email address'
  return undefined
}

export function validateLogin(v: LoginValues): Errors<LoginValues> {
  const e: Errors<LoginValues> = {}
  const email = validateEmail(v.email)
  if (email) e.email = email
  if (!v.password) e.password = 'Password is required'
  return e
}

export const MIN_PASSWORD = 6

export function validateSignup(v: SignupValues): Errors<SignupValues> {
  const e: Errors<SignupValues> = {}
  if (!v.name.trim()) e.name = 'Full name is required'
  const email = validateEmail(v.email)
  if (email) e.email = email
  if (!v.password) e.password = 'Password is required'
  else if (v.password.length < MIN_PASSWORD) e.password = `Password must be at least ${MIN_PASSWORD} characters`
  return e
}

/**
 * The blog name the server gives an account that leaves it blank ('{Full Name}'s Blog'), shown as the
 * Blog Name field's placeholder; 'Your Blog' until a name is typed.
 */
export function blogNamePlaceholder(name: string): string {
  const n = name.trim().replace(/\s+/g, ' ')
  return n ? `${n}'s Blog` : 'Your Blog'
}

export interface PasswordChangeValues {
  current: string
  password: string
  confirm: string
}

/** The same checks the server makes (internal/auth/password), so most mistakes are shown without a round trip. */
export function validatePasswordChange(v: PasswordChangeValues): Partial<PasswordChangeValues> {
  const errs: Partial<PasswordChangeValues> = {}
  if (!v.current) errs.current = 'Your current password is required'
  if (!v.password) errs.password = 'Password is required'
  else if ([...v.password].length < MIN_PASSWORD) errs.password = `Password must be at least ${MIN_PASSWORD} characters`
  else if (v.password === v.current) errs.password = 'Your new password must be different from your current password.'
  if (!errs.password && v.confirm !== v.password) errs.confirm = 'The two passwords do not match'
  return errs
}
