/** /dashboard/all-posts — grid of the owner's posts (placeholder implementation; may be replaced). */
import type { Me } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { PostGrid } from '@/components/PostGrid'
import { ErrorBlock } from '@/components/ErrorBlock'
import { useOwnerPosts } from '@/hooks/useWorkspace'
import { usePageMeta } from '@/hooks/usePageMeta'

function Grid({ me }: { me: Me }) {
  const posts = useOwnerPosts({})
  return (
    <div className="container-page py-10 sm:py-12">
      <h1 className="mb-8 text-3xl font-extrabold tracking-tight text-slate-900">All posts</h1>
      {posts.isError ? (
        <ErrorBlock error={posts.error} onRetry={() => posts.refetch()} />
      ) : (
        <PostGrid
          posts={posts.data?.posts}
          loading={posts.isLoading}
          workspaceSlug={me.workspace?.slug}
          empty="No posts yet. Create your first one!"
        />
      )}
    </div>
  )
}

export default function AllPosts() {
  usePageMeta('All posts')
  return <RequireSession redirectTo="/admin/login">{(me) => <Grid me={me} />}</RequireSession>
}
