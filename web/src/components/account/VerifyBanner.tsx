import { useMutation } from '@tanstack/react-query'
import { MailWarning } from 'lucide-react'
import { toast } from '@/lib/toast'
import { resendVerification } from '@/api/account'
import { errorMessage } from '@/api/client'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useMe } from '@/hooks/useMe'

export const VERIFY_REMINDER = 'Please verify your e-mail address. Newsletters are sent only from verified accounts.'

/** The desks' reminder while the signed-in user's address is unverified, with "Resend link". */
export function VerifyBanner() {
  const { me } = useMe()
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: () => toast.success('Verification link sent', { description: `Check ${me?.user?.email ?? 'your inbox'}.` }),
    onError: (err) => toast.error('Could not send the link', { description: errorMessage(err) }),
  })
  if (!me?.user || me.verified) return null
  return (
    <div
      role="status"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <p className="flex items-center gap-2">
        <MailWarning className="size-4 shrink-0" aria-hidden="true" />
        {VERIFY_REMINDER}
      </p>
      <Button size="sm" variant="outline" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending && <Spinner />} Resend link
      </Button>
    </div>
  )
}
