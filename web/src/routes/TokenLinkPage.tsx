import { useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OKResponse } from '@/api/types'
import { errorMessage } from '@/api/client'
import { accountKey, confirmEmail, verifyEmail } from '@/api/account'
import { qk } from '@/api/queryKeys'
import { AuthCard } from '@/components/auth/AuthCard'
import { Spinner } from '@/components/ui/spinner'
import { usePageMeta } from '@/hooks/usePageMeta'

/**
 * A page an e-mailed link opens: it sends the link's token once on arrival and shows the outcome
 * (the server's message when the link is refused).
 */
function TokenLinkPage({
  title,
  send,
  success,
}: {
  title: string
  send: (token: string) => Promise<OKResponse>
  success: string
}) {
  usePageMeta(title)
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: qk.me })
      void queryClient.invalidateQueries({ queryKey: accountKey })
    },
  })
  const sent = useRef(false)
  const { mutate } = mutation
  useEffect(() => {
    // Once: a token is single-use, a second request would be refused.
    if (!token || sent.current) return
    sent.current = true
    mutate(token)
  }, [token, mutate])

  return (
    <AuthCard title={title}>
      {!token || mutation.isError ? (
        <div role="alert" className="grid gap-4 text-center text-sm">
          <p className="font-medium text-red-600">
            {token ? errorMessage(mutation.error) : 'This link is invalid or has expired.'}
          </p>
          <Link to="/dashboard" className="font-semibold text-brand-600 hover:underline">
            Go to your dashboard
          </Link>
        </div>
      ) : mutation.isSuccess ? (
        <div role="status" className="grid gap-4 text-center text-sm">
          <p className="font-medium text-slate-900">{success}</p>
          <Link to="/dashboard" className="font-semibold text-brand-600 hover:underline">
            Go to your dashboard
          </Link>
        </div>
      ) : (
        <p className="flex items-center justify-center gap-2 text-sm text-slate-600">
          <Spinner /> Checking your link...
        </p>
      )}
    </AuthCard>
  )
}

/** /verify-email?token=: the link sent after sign-up (or "Resend link"). */
export function VerifyEmail() {
  return <TokenLinkPage title="Verify your e-mail address" send={verifyEmail} success="Your e-mail address is verified. Thank you!" />
}

/** /confirm-email?token=: the link sent to a new address. */
export function ConfirmEmail() {
  return (
    <TokenLinkPage
      title="Confirm your new e-mail address"
      send={confirmEmail}
      success="Your e-mail address is changed. Sign in with the new address from now on."
    />
  )
}
