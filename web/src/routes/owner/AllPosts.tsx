/** /dashboard/all-posts — the owner's posts as a grid of post cards, as readers see them. */
import { Sparkles } from 'lucide-react'
import { useState } from 'react'
import type { Me } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { PagedPosts } from '@/components/PagedPosts'
import { GenerateDialog } from '@/features/generate/GenerateDialog'
import { OwnerPage } from '@/components/owner/OwnerLayout'
import { Button } from '@/components/ui/button'
import { useInfiniteOwnerPosts } from '@/hooks/useOwner'
import { usePageMeta } from '@/hooks/usePageMeta'
import { useErrorToast } from '@/hooks/useErrorToast'

function Grid({ me }: { me: Me }) {
  const posts = useInfiniteOwnerPosts({ limit: 12 })
  const [generateOpen, setGenerateOpen] = useState(false)
  useErrorToast(posts, 'Error loading posts')
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
      <PagedPosts query={posts} empty="No posts yet. Create your first one!" />
      <GenerateDialog open={generateOpen} onOpenChange={setGenerateOpen} />
    </OwnerPage>
  )
}

export default function AllPosts() {
  usePageMeta('All posts')
  return <RequireSession redirectTo="/admin/login">{(me) => <Grid me={me} />}</RequireSession>
}
