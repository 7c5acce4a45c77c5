import { MailWarning, ShieldAlert } from 'lucide-react'
import type { MailStatus } from '@/api/types'
import { useLoadedMe } from '@/hooks/useMe'
import { cn } from '@/lib/utils'
import { SENDING_OFF, SENDING_OFF_ADMIN, UNVERIFIED } from './texts'

/**
 * What keeps e-mail from leaving: the server has no SMTP server (an owner reads what it means for
 * them; an admin, who runs the server, where the messages go instead), and, with `verified`, an owner
 * whose address is not confirmed yet (newsletters wait). Nothing when mail goes out. `compact` is the
 * dashboard's one-line form.
 */
export function MailNotice({ mail, verified = false, compact = false, className }: { mail: MailStatus | undefined; verified?: boolean; compact?: boolean; className?: string }) {
  const me = useLoadedMe()
  if (!mail) return null
  const off = !mail.sending
  const unverified = verified && !mail.verified
  if (!off && !unverified) return null
  const box = cn('flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 text-amber-900', compact ? 'px-4 py-2.5 text-sm' : 'px-4 py-3 text-sm')
  return (
    <div className={cn('grid gap-2', className)}>
      {off && (
        <p role="note" className={box}>
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{me?.isAdmin ? SENDING_OFF_ADMIN : SENDING_OFF}</span>
        </p>
      )}
      {unverified && (
        <p role="note" className={box}>
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{UNVERIFIED}</span>
        </p>
      )}
    </div>
  )
}
