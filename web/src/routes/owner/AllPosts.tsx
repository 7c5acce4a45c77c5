/**
 * /dashboard/all-posts — the blog as readers see it: its published posts as post cards. Drafts and
 * scheduled posts are not here (readers cannot open them); they are in My Posts.
 */
import { Link } from 'react-router'
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
import { countOf } from '@/lib/plural'

/** The subtitle's count: what readers see, said as such. */
function publicCount(total: number): string {
  return `${countOf(total, 'published post')}, as readers see them.`
}

const EMPTY = 'Nothing published yet. Readers see your posts here once you publish them.'

function Grid({ me }: { me: Me }) {
  const posts = useInfiniteOwnerPosts({ status: 'public', limit: 12 })
  const [generateOpen, setGenerateOpen] = useState(false)
  useErrorToast(posts, 'Error loading posts')
  const total = posts.data?.pages[0]?.total
  return (
    <OwnerPage
      title="All posts"
      subtitle={
        total === undefined ? (
          'Loading...'
        ) : (
          <>
            {publicCount(total)}{' '}
            <Link to="/dashboard/posts" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              Drafts and scheduled posts are in My Posts.
            </Link>
          </>
        )
      }
      blogPath={me.workspace ? `/blog/${me.workspace.slug}` : undefined}
      actions={
        <Button onClick={() => setGenerateOpen(true)}>
          <Sparkles aria-hidden="true" /> Generate post
        </Button>
      }
    >
      <PagedPosts query={posts} empty={EMPTY} />
      <GenerateDialog open={generateOpen} onOpenChange={setGenerateOpen} />
    </OwnerPage>
  )
}

export default function AllPosts() {
  usePageMeta('All posts')
  return <RequireSession redirectTo="/admin/login">{(me) => <Grid me={me} />}</RequireSession>
}
