import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router'
import { ArrowLeft } from 'lucide-react'
import { LIMITS, type Category, type Me, type Post } from '@/api/types'
import { OwnerPage } from '@/components/owner/OwnerLayout'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Field } from '@/components/ui/field'
import { Textarea } from '@/components/ui/textarea'
import { RichEditor } from '@/features/editor/RichEditor'
import { useUploadCount } from '@/hooks/useUploadCount'
import { cn } from '@/lib/utils'
import { ActionBar } from './ActionBar'
import { BannersPanel } from './BannersPanel'
import { CoverPanel } from './CoverPanel'
import { DetailsPanel } from './DetailsPanel'
import { NewsletterPanel } from './NewsletterPanel'
import { PreviewPanel } from './PreviewPanel'
import { RevisionsPanel } from './RevisionsPanel'
import { SeoPanel } from './SeoPanel'
import { StatusPanel } from './StatusPanel'
import { autosaves, saveState } from './status'
import { useLeaveGuard } from './useLeaveGuard'
import { usePostDesk } from './usePostDesk'

const postPath = (id: number) => `/dashboard/posts/${id}`

/**
 * The post desk: title and body on the left, the side panel (under the body on phones) on the right.
 * A new post gets its address once its first save has created it.
 */
export function PostDesk({
  me,
  initial,
  categories,
  categoriesLoading,
  newsletterEnabled,
}: {
  me: Me
  initial: Post | null
  categories: Category[]
  categoriesLoading: boolean
  /** Whether the blog e-mails new posts (undefined: not known); a new post follows it. */
  newsletterEnabled?: boolean
}) {
  const navigate = useNavigate()
  const desk = usePostDesk(initial, categories[0]?.slug ?? '', newsletterEnabled ?? true)
  const { uploading, onBusyChange } = useUploadCount()
  const guard = useLeaveGuard(desk.dirty || (desk.busy !== null && desk.busy !== 'preview'))
  const { allow } = guard

  const createdId = initial ? null : (desk.post?.id ?? null)
  useEffect(() => {
    if (createdId) allow(() => navigate(postPath(createdId), { replace: true }))
  }, [createdId, allow, navigate])

  const state = saveState({
    saving: desk.busy !== null && desk.busy !== 'preview' && desk.busy !== 'cover',
    error: desk.failed,
    dirty: desk.dirty,
    autosave: autosaves(desk.status),
    saved: desk.saved,
  })
  const workspaceSlug = me.workspace?.slug ?? ''

  return (
    <OwnerPage
      title={desk.post ? 'Edit post' : 'New post'}
      subtitle={
        <p role="status" aria-live="polite" className={cn('min-h-6 text-sm', desk.failed ? 'text-red-700' : 'text-slate-500')}>
          {state}
        </p>
      }
      blogPath={workspaceSlug ? `/blog/${workspaceSlug}` : undefined}
      actions={
        <Button asChild variant="ghost" size="sm">
          <Link to="/dashboard/posts">
            <ArrowLeft aria-hidden="true" /> My Posts
          </Link>
        </Button>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid min-w-0 gap-5">
          <Field id="post-title" label="Title" error={desk.errors.title}>
            {(aria) => (
              <Textarea
                {...aria}
                rows={1}
                value={desk.draft.title}
                maxLength={LIMITS.titleMax}
                placeholder="A title that says what the reader gets"
                // one line of text that wraps on narrow screens: Enter does not add a line
                onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
                onChange={(e) => desk.edit({ title: e.target.value.replace(/\s*\n\s*/g, ' ') })}
                className="min-h-0 resize-none py-2.5 text-xl leading-snug font-bold field-sizing-content sm:text-2xl"
              />
            )}
          </Field>
          <div className="grid gap-2">
            <p id="post-content-label" className="text-sm font-medium leading-none text-slate-800">
              Content
            </p>
            <RichEditor key={desk.contentVersion} id="post-content" labelledBy="post-content-label" initialValue={desk.draft.content} onChange={(content) => desk.edit({ content })} />
          </div>
        </div>
        <aside aria-label="Post settings" className="grid min-w-0 gap-4">
          <StatusPanel desk={desk} disabled={uploading} />
          <NewsletterPanel desk={desk} blogEnabled={newsletterEnabled} />
          <PreviewPanel desk={desk} />
          <DetailsPanel desk={desk} categories={categories} loading={categoriesLoading} />
          <CoverPanel desk={desk} onBusyChange={onBusyChange} />
          <SeoPanel desk={desk} workspaceSlug={workspaceSlug} />
          <BannersPanel desk={desk} onBusyChange={onBusyChange} />
          <RevisionsPanel desk={desk} />
        </aside>
      </div>
      <ActionBar desk={desk} disabled={uploading} />
      <ConfirmDialog
        open={guard.asking}
        onOpenChange={(o) => !o && guard.cancel()}
        title="Leave without saving?"
        description="Your latest changes to this post are not saved."
        confirmLabel="Leave"
        busyLabel="Leaving..."
        onConfirm={guard.proceed}
      />
    </OwnerPage>
  )
}
