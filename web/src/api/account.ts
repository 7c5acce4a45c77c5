import { api } from './client'
import type { AccountResponse, DeleteAccountResponse, ExportResponse, OKResponse } from './types'

/** Account e-mails: password reset, address verification and change (server/api/account.go). */

/** Query key of GET /api/account. */
export const accountKey = ['account'] as const

/** Always answers 202 for a well-formed address, whether or not an account has it. */
export const forgotPassword = (email: string) =>
  api<OKResponse>('/api/auth/password/forgot', { method: 'POST', body: { email } })
export const resetPassword = (token: string, password: string) =>
  api<OKResponse>('/api/auth/password/reset', { method: 'POST', body: { token, password } })
export const verifyEmail = (token: string) => api<OKResponse>('/api/account/verify', { method: 'POST', body: { token } })
export const resendVerification = () => api<OKResponse>('/api/account/verify/resend', { method: 'POST' })
export const getAccount = () => api<AccountResponse>('/api/account')
export const changeEmail = (email: string, password: string) =>
  api<AccountResponse>('/api/account/email', { method: 'PUT', body: { email, password } })
/** Keeps this session signed in and ends every other one of the account. */
export const changePassword = (current: string, password: string) =>
  api<OKResponse>('/api/account/password', { method: 'PUT', body: { current, password } })
/** Ends the session: signing in again within the grace restores the account. */
export const deleteAccount = (confirm: string, password: string) =>
  api<DeleteAccountResponse>('/api/account', { method: 'DELETE', body: { confirm, password } })
export const confirmEmail = (token: string) =>
  api<OKResponse>('/api/account/email/confirm', { method: 'POST', body: { token } })

/** Query key of GET /api/account/export. */
export const exportKey = ['account', 'export'] as const
export const getExport = () => api<ExportResponse>('/api/account/export')
/** Queues an archive of the blog's data (409 while one is being prepared). */
export const requestExport = () => api<ExportResponse>('/api/account/export', { method: 'POST' })
