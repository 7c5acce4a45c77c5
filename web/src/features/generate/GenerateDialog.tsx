import { useRef } from 'react'
import { Sparkles } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { useWorkspace, useWorkspaceCategories } from '@/hooks/useWorkspace'
import { formatLimit } from '@/lib/format'
import { isAtLimit } from '@/lib/usage'
import { BannersSection } from './BannersSection'
import { GenerateProgress } from './GenerateProgress'
import { ImagesSection } from './ImagesSection'
import { PostFields } from './PostFields'
import { PublishSection } from './PublishSection'
import { useGenerateForm } from './useGenerateForm'

/**
 * The generate-post dialog (owner dashboard, My Posts and the admin dashboard). Generating queues a
 * job and follows it: while it runs every input is disabled, the button reads 'Generating...' and
 * the progress shows the stage, the elapsed time and Cancel. Closing the dialog leaves the job
 * running (the dashboards list it under "Recent generations"). 'Publish now' (default) or 'Save as
 * draft'; a draft's toast offers to open it on its own screen.
 */
export function GenerateDialog({
  open,
  onOpenChange,
  title = 'Generate a new post',
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The dialog's title: the admin dashboard calls it 'Generate New Post'. */
  title?: string
}) {
  const categories = useWorkspaceCategories(open)
  // The workspace's settings give the blog's default tone and length.
  const workspace = useWorkspace(open)
  const formRef = useRef<HTMLFormElement>(null)
  const settings = workspace.data?.settings
  const defaults = settings ? { tone: settings.defaultTone, length: settings.defaultLength } : undefined
  const state = useGenerateForm(categories.data, () => onOpenChange(false), formRef, defaults)
  const { form, generating, uploading } = state
  const close = () => {
    state.closing()
    onOpenChange(false)
  }

  const usage = workspace.data?.usage
  const atLimit = usage ? isAtLimit(usage.postsGenerated, usage.postsLimit, usage.unlimited) : false

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-2xl gap-0 p-0">
        <DialogHeader className="border-b border-slate-100 px-6 py-5">
          <DialogTitle className="flex items-center gap-2">
            <Sparkles className="size-5 text-brand-600" aria-hidden="true" /> {title}
          </DialogTitle>
          <DialogDescription>The AI writes a complete article for your blog from a topic or a title.</DialogDescription>
        </DialogHeader>

        <form ref={formRef} onSubmit={state.submit} noValidate aria-busy={generating}>
          <fieldset disabled={generating} className="grid gap-5 px-6 py-5">
            <legend className="sr-only">Post details</legend>
            {atLimit && (
              <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                You have used all {formatLimit(usage?.postsLimit ?? 0)} posts of this month. Upgrade your plan to generate more.
              </p>
            )}
            <PostFields state={state} categories={categories.data ?? []} loadingCategories={categories.isLoading} />
            <ImagesSection state={state} />
            <BannersSection state={state} />
            <PublishSection state={state} />
          </fieldset>

          {generating && (
            <GenerateProgress
              stage={state.stage}
              elapsed={state.elapsed}
              canceling={state.canceling}
              onCancel={state.canCancel ? state.cancel : undefined}
            />
          )}
          {!generating && state.failure && (
            <p role="alert" className="mx-6 mb-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
              <span className="font-semibold">Generation failed.</span> {state.failure}
            </p>
          )}

          <DialogFooter className="border-t border-slate-100 px-6 py-4 sm:items-center sm:justify-between">
            <p className="text-center text-xs text-slate-500 sm:text-left">
              {usage && !usage.unlimited
                ? `${usage.postsGenerated} of ${formatLimit(usage.postsLimit)} posts used this month`
                : usage?.unlimited
                  ? 'Unlimited posts'
                  : ''}
            </p>
            <div className="flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">
              <Button variant="outline" onClick={close}>
                {generating ? 'Continue in background' : 'Cancel'}
              </Button>
              <Button type="submit" disabled={generating || uploading} className="min-w-36">
                {generating ? <Spinner /> : <Sparkles aria-hidden="true" />}
                {generating ? 'Generating...' : uploading ? 'Uploading...' : form.status === 'draft' ? 'Generate draft' : 'Generate post'}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
