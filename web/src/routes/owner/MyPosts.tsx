/**
 * /dashboard/posts — 'My Posts' (placeholder implementation; the owner-area engineer replaces it
 * with the full table: filters, bulk select, edit dialog, share kit, generate dialog).
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { ExternalLink, Search } from 'lucide-react'
import type { Me } from '@/api/types'
import { RequireSession } from '@/components/RequireSession'
import { EmptyState } from '@/components/EmptyState'
import { ErrorBlock } from '@/components/ErrorBlock'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { useOwnerPosts } from '@/hooks/useWorkspace'
import { usePageMeta } from '@/hooks/usePageMeta'
import { formatShortDate } from '@/lib/format'
import { postPath } from '@/lib/paths'

function PostsTable({ me }: { me: Me }) {
  const [search, setSearch] = useState('')
  const posts = useOwnerPosts({ search: search.trim() || undefined })
  const list = posts.data?.posts ?? []
  const ws = me.workspace?.slug

  return (
    <div className="container-page py-10 sm:py-12">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">My Posts</h1>
          {posts.data && <p className="mt-1 text-sm text-slate-600">{posts.data.total} total</p>}
        </div>
        <div className="relative w-full sm:w-72">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <label htmlFor="post-search" className="sr-only">
            Search posts by title
          </label>
          <Input id="post-search" type="search" placeholder="Search by title" value={search} onChange={(e) => setSearch(e.target.value)} className="pl-9" />
        </div>
      </header>
      <div className="mt-8">
        {posts.isLoading ? (
          <div className="space-y-2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-14 rounded-xl" />
            ))}
          </div>
        ) : posts.isError ? (
          <ErrorBlock error={posts.error} onRetry={() => posts.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState title={search.trim() ? 'No posts match your filters.' : 'No posts yet. Create your first one!'} />
        ) : (
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-3">Category</th>
                  <th scope="col" className="px-4 py-3">Title</th>
                  <th scope="col" className="px-4 py-3">Published</th>
                  <th scope="col" className="px-4 py-3 text-right">Views</th>
                  <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((p) => (
                  <tr key={p.id} className="hover:bg-slate-50">
                    <td className="px-4 py-3 text-xs font-semibold uppercase text-slate-600">{p.categoryName || p.category}</td>
                    <td className="px-4 py-3 font-medium text-slate-900">{p.title}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatShortDate(p.publishedAt)}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{p.viewCount}</td>
                    <td className="px-4 py-3 text-right">
                      <Link to={postPath(p, ws)} target="_blank" rel="noopener" className="inline-flex rounded p-1 text-slate-500 hover:text-indigo-700" aria-label={`Open ${p.title} in a new tab`}>
                        <ExternalLink className="size-4" aria-hidden="true" />
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  )
}

export default function MyPosts() {
  usePageMeta('My Posts')
  return <RequireSession redirectTo="/admin/login">{(me) => <PostsTable me={me} />}</RequireSession>
}
