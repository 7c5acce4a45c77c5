/**
 * /dashboard/posts/new and /dashboard/posts/:id — the post desk: write, save, schedule, publish,
 * preview and restore a post (features/post). Without a session it sends the visitor to /login.
 */
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import type { Me } from '@/api/types'
import { isApiError } from '@/api/client'
import { EmptyState } from '@/components/EmptyState'
import { ErrorBlock } from '@/components/ErrorBlock'
import { RequireSession } from '@/components/RequireSession'
import { OwnerPage } from '@/components/owner/OwnerLayout'
import { Button } from '@/components/ui/button'
import { LoadingRows } from '@/components/ui/query-state'
import { PostDesk } from '@/features/post/PostDesk'
import { useOwnerPost } from '@/hooks/useOwner'
import { usePageMeta } from '@/hooks/usePageMeta'
import { useWorkspace, useWorkspaceCategories } from '@/hooks/useWorkspace'

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return <OwnerPage title={title}>{children}</OwnerPage>
}

const backToPosts = (
  <Button asChild variant="outline">
    <Link to="/dashboard/posts">Back to My Posts</Link>
  </Button>
)

function DeskLoader({ me, id }: { me: Me; id: number | null }) {
  const post = useOwnerPost(id)
  const categories = useWorkspaceCategories(Boolean(me.workspace))
  // Whether the blog e-mails new posts: a new post's newsletter checkbox starts from it.
  const workspace = useWorkspace(Boolean(me.workspace))
  if (!me.workspace) return <Frame title="Post"><EmptyState title="No workspace found" action={backToPosts} /></Frame>
  if (id !== null && post.isError) {
    return (
      <Frame title="Edit post">
        {isApiError(post.error, 404) ? (
          <EmptyState title="Post not found" description="The post you're looking for doesn't exist or has been removed." action={backToPosts} />
        ) : (
          <ErrorBlock error={post.error} onRetry={() => void post.refetch()} />
        )}
      </Frame>
    )
  }
  if ((id !== null && !post.data) || (id === null && (categories.isLoading || workspace.isLoading))) {
    return (
      <Frame title={id === null ? 'New post' : 'Edit post'}>
        <LoadingRows className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]" rows={['h-96 rounded-2xl', 'h-64 rounded-2xl']} />
      </Frame>
    )
  }
  // One element at one place for a new post and for the post it becomes: the desk stays mounted
  // (with what is being typed) when a new post's first save moves the page to its address.
  return (
    <PostDesk
      me={me}
      initial={id === null ? null : (post.data ?? null)}
      categories={categories.data ?? []}
      categoriesLoading={categories.isLoading}
      newsletterEnabled={workspace.data?.settings.newsletterEnabled}
    />
  )
}

export default function PostEditor() {
  const { id } = useParams()
  usePageMeta(id ? 'Edit post' : 'New post')
  const postId = id === undefined ? null : /^\d+$/.test(id) ? Number(id) : NaN
  return (
    <RequireSession redirectTo="/login">
      {(me) =>
        Number.isNaN(postId) ? (
          <Frame title="Edit post">
            <EmptyState title="Post not found" description="The post you're looking for doesn't exist or has been removed." action={backToPosts} />
          </Frame>
        ) : (
          <DeskLoader me={me} id={postId} />
        )
      }
    </RequireSession>
  )
}
