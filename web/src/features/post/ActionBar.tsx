import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { ACTION_LABEL, barActionsFor } from './status'
import type { PostDesk } from './usePostDesk'

/**
 * Save / Publish / Update kept at the bottom of a phone's screen: on phones the status panel sits
 * under the whole body, a long scroll away from where one writes. Hidden from lg up, where the side
 * panel is beside the body. The save indicator stays at the top (one live status for screen readers).
 */
export function ActionBar({ desk, disabled }: { desk: PostDesk; disabled: boolean }) {
  const { status, busy } = desk
  const working = busy !== null && busy !== 'auto'
  return (
    <section
      aria-label="Save and publish"
      className="sticky bottom-0 z-20 -mx-4 mt-6 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(15_23_42/0.06)] backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
    >
      {barActionsFor(status).map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'saveDraft' ? 'outline' : 'default'}
          disabled={disabled || working || (action === 'update' && !desk.dirty)}
          onClick={() => void desk.act(action)}
          className="grow basis-0 sm:grow-0 sm:basis-auto"
        >
          {busy === action && <Spinner />}
          {ACTION_LABEL[action]}
        </Button>
      ))}
    </section>
  )
}
