/** /dashboard/all-posts — the owner's posts as a grid of post cards, as readers see them. */
import { Sparkles } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { errorMessage } from '@/api/client'
import type { Me } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { LoadMore, PostGrid } from '@/components/PostGrid'
import { ErrorBlock } from '@/components/ErrorBlock'
import { GenerateDialog } from '@/features/generate/GenerateDialog'
import { OwnerPage } from '@/components/owner/OwnerLayout'
import { Button } from '@/components/ui/button'
import { useInfiniteOwnerPosts } from '@/hooks/useOwner'
import { usePageMeta } from '@/hooks/usePageMeta'

function Grid({ me }: { me: Me }) {
  const posts = useInfiniteOwnerPosts({ limit: 12 })
  const [generateOpen, setGenerateOpen] = useState(false)
  useEffect(() => {
    if (posts.isError) toast.error('Error loading posts', { description: errorMessage(posts.error) })
  }, [posts.isError, posts.error])
  const list = posts.data?.pages.flatMap((p) => p.posts)
  const total = posts.data?.pages[0]?.total
  return (
    <OwnerPage
      title="All posts"
      subtitle={total === undefined ? 'Loading...' : `${total} ${total === 1 ? 'post' : 'posts'} on your blog`}
      blogPath={me.workspace ? `/blog/${me.workspace.slug}` : undefined}
      actions={
        <Button onClick={() => setGenerateOpen(true)}>
          <Sparkles aria-hidden="true" /> Generate post
        </Button>
      }
    >
      {posts.isError && !list ? (
        <ErrorBlock error={posts.error} onRetry={() => void posts.refetch()} />
      ) : (
        <>
          <PostGrid posts={list} loading={posts.isLoading} empty="No posts yet. Create your first one!" />
          <LoadMore hasMore={posts.hasNextPage} loading={posts.isFetchingNextPage} onClick={() => void posts.fetchNextPage()} />
        </>
      )}
      <GenerateDialog open={generateOpen} onOpenChange={setGenerateOpen} />
    </OwnerPage>
  )
}

export default function AllPosts() {
  usePageMeta('All posts')
  return <RequireSession redirectTo="/admin/login">{(me) => <Grid me={me} />}</RequireSession>
}
