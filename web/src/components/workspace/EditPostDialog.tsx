import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { toast } from 'sonner'
import { updateOwnerPost } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import type { OwnerPost, PostSummary } from '@/api/types'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { LoadingRows, QueryState } from '@/components/ui/query-state'
import { Textarea } from '@/components/ui/textarea'
import { useOwnerPost, useRefreshOwnerData } from '@/hooks/useOwner'
import { parseKeywords } from '@/lib/keywords'
import { Spinner } from '@/components/ui/spinner'
import { LIMITS } from '@/api/types'

/** Edit a post's title, HTML content and tags (PATCH /api/workspace/posts/{id}). */
export function EditPostDialog({ post, onClose }: { post: PostSummary | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false)
  return (
    <Dialog open={post !== null} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Edit Post</DialogTitle>
          <DialogDescription>Changes are published right away.</DialogDescription>
        </DialogHeader>
        {post && <Loader post={post} onDone={onClose} onBusy={setBusy} />}
      </DialogContent>
    </Dialog>
  )
}

function Loader({ post, onDone, onBusy }: { post: PostSummary; onDone: () => void; onBusy: (b: boolean) => void }) {
  const full = useOwnerPost(post.id)
  const loading = <LoadingRows className="grid gap-4" rows={['h-10', 'h-72', 'h-10']} />
  return (
    <QueryState query={full} loading={loading} empty={loading}>
      {(data) => <EditForm post={data} onDone={onDone} onBusy={onBusy} />}
    </QueryState>
  )
}

function EditForm({ post, onDone, onBusy }: { post: OwnerPost; onDone: () => void; onBusy: (b: boolean) => void }) {
  const refresh = useRefreshOwnerData()
  const [title, setTitle] = useState(post.title)
  const [content, setContent] = useState(post.rawContent ?? post.content)
  const [tags, setTags] = useState((post.tags ?? []).join(', '))
  const [titleError, setTitleError] = useState<string | null>(null)

  const save = useMutation({
    mutationFn: () => updateOwnerPost(post.id, { title: title.trim(), content, tags: parseKeywords(tags) }),
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: () => {
      toast.success('Post updated')
      void refresh()
      onDone()
    },
    onError: (err) => toast.error('Error updating post', { description: errorMessage(err) }),
  })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!title.trim()) {
      setTitleError('Please enter a title')
      return
    }
    save.mutate()
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <fieldset disabled={save.isPending} className="grid gap-4">
        <legend className="sr-only">Post</legend>
        <Field id="edit-title" label="Title" error={titleError}>
          {(aria) => (
            <Input
              {...aria}
              value={title}
              maxLength={LIMITS.titleMax}
              onChange={(e) => {
                setTitle(e.target.value)
                setTitleError(null)
              }}
            />
          )}
        </Field>
        <Field id="edit-content" label="Content" hint="HTML. Headings, paragraphs, lists, links, images and tables are kept; scripts are removed.">
          {(aria) => (
            <Textarea {...aria} rows={15} value={content} onChange={(e) => setContent(e.target.value)} className="font-mono text-xs leading-relaxed" spellCheck={false} />
          )}
        </Field>
        <Field id="edit-tags" label="Tags" hint="Comma-separated">
          {(aria) => <Input {...aria} value={tags} onChange={(e) => setTags(e.target.value)} placeholder="keto, breakfast" />}
        </Field>
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} className="min-w-32">
          {save.isPending && <Spinner />}
          {save.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  )
}
