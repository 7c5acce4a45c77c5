import { FlaskConical, Send } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useLoadedMe } from '@/hooks/useMe'
import { countOf } from '@/lib/plural'
import { SEND_NOW, SEND_TEST, TEST_UNVERIFIED, canSendNow, heldCopies, outlookText, showsOutlook } from './newsletterDesk'
import { useNewsletterDesk } from './useNewsletterDesk'
import type { PostDesk } from './usePostDesk'

/** Whether an outlook's reason also stops held copies (the month's e-mails and the list size do not). */
function blocksHeld(reason?: string): boolean {
  return reason === 'off' || reason === 'unverified' || reason === 'paused'
}

/**
 * The newsletter box's own tools: what publishing will do with the e-mail, said at once ("Will be
 * sent to 12 subscribers", "Not sent: confirm your e-mail address first"), "Send to subscribers now"
 * for a live post that was not sent, and a test e-mail to the owner's own address.
 */
export function NewsletterDesk({ desk }: { desk: PostDesk }) {
  const { post, status } = desk
  const showOutlook = showsOutlook(post, status, desk.draft.sendNewsletter)
  const sendable = canSendNow(post, status)
  // Held copies were counted when first queued: only the blog's own rules stop them now.
  const held = heldCopies(post)
  const { outlook, sendNow, test } = useNewsletterDesk(desk, showOutlook || sendable)
  const me = useLoadedMe()
  const o = outlook.data
  // The server sends tests only to a confirmed address.
  const unverified = me?.user ? !me.verified : false
  // Send now is offered once the server has said it would send (the outlook), never before.
  return (
    <>
      {showOutlook && o && (
        <p role="status" className={o.reason ? 'text-sm text-amber-800' : 'text-sm text-slate-700'}>
          {outlookText(o)}
        </p>
      )}
      {sendable && (
        <div className="grid gap-1.5">
          <Button size="sm" onClick={() => sendNow.mutate()} disabled={sendNow.isPending || desk.dirty || !o || (held > 0 ? blocksHeld(o.reason) : Boolean(o.reason))}>
            {sendNow.isPending ? <Spinner /> : <Send aria-hidden="true" />}
            {SEND_NOW}
          </Button>
          {held > 0 ? (
            <p className="text-xs text-slate-500">
              {o && blocksHeld(o.reason) ? outlookText(o) : `Sends the ${countOf(held, 'held e-mail')} to the subscribers still on your list, once.`}
            </p>
          ) : (
            // A reason the post's own line above already gives is not said twice.
            o &&
            !(o.reason && o.note === post?.newsletterNote) && (
              <p className="text-xs text-slate-500">{o.reason ? outlookText(o) : `Goes to ${countOf(o.recipients, 'subscriber')}, once.`}</p>
            )
          )}
        </div>
      )}
      {post && (
        <div className="grid gap-1.5">
          <Button size="sm" variant="outline" onClick={() => test.mutate()} disabled={test.isPending || desk.dirty || unverified}>
            {test.isPending ? <Spinner /> : <FlaskConical aria-hidden="true" />}
            {SEND_TEST}
          </Button>
          <p className="text-xs break-words text-slate-500">
            {unverified
              ? TEST_UNVERIFIED
              : `The e-mail as subscribers would get it, as last saved${me?.user?.email ? `, to ${me.user.email} only` : ', to your own address only'}.`}
          </p>
        </div>
      )}
    </>
  )
}
