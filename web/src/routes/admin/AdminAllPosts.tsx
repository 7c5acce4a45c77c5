/** /admin/all-posts (admins only) — posts across all workspaces as a card grid, newest first, with 'Load more'. */
import { useState } from 'react'
import { Search } from 'lucide-react'
import { PagedPosts } from '@/components/PagedPosts'
import { PostGrid } from '@/components/PostGrid'
import { AdminPage, DashboardLogout } from '@/components/admin/AdminLayout'
import { RequireAdmin } from '@/components/admin/RequireAdmin'
import { Input } from '@/components/ui/input'
import { useInfiniteAdminPosts } from '@/hooks/useAdmin'
import { useDebounced } from '@/hooks/useDebounced'
import { usePageMeta } from '@/hooks/usePageMeta'
import { useErrorToast } from '@/hooks/useErrorToast'
import { countOf, postsSummary } from '@/lib/plural'

function Grid() {
  const [search, setSearch] = useState('')
  const debounced = useDebounced(search.trim())

  const posts = useInfiniteAdminPosts({ limit: 12, search: debounced || undefined })
  // Failed reads are shown in place; the toast names what failed.
  useErrorToast(posts, 'Error loading posts')
  const total = posts.data?.pages[0]?.total

  return (
    <>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600" aria-live="polite">
          {total === undefined ? 'Loading...' : debounced ? postsSummary(total, true, 'your search') : `${countOf(total, 'post')} across all workspaces`}
        </p>
        <div className="relative sm:w-72">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <label htmlFor="all-posts-search" className="sr-only">
            Search posts by title
          </label>
          <Input id="all-posts-search" type="search" placeholder="Search by title" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} className="pl-9" />
        </div>
      </div>
      <PagedPosts query={posts}>
        {(list, loading) => <PostGrid posts={list} loading={loading} empty={debounced ? 'No posts match your filters.' : 'No posts yet.'} showBlog />}
      </PagedPosts>
    </>
  )
}

export default function AdminAllPosts() {
  usePageMeta('All posts')
  return (
    <RequireAdmin>
      {() => (
        <AdminPage title="All posts" subtitle="Every post on the platform, newest first." actions={<DashboardLogout />}>
          <Grid />
        </AdminPage>
      )}
    </RequireAdmin>
  )
}
