import { PagedPosts } from '@/components/PagedPosts'
import { RssLink } from '@/components/RssLink'
import { useInfinitePosts } from '@/hooks/usePublic'
import { pagedTitle, usePageMeta } from '@/hooks/usePageMeta'
import { PAGE_TITLES } from '@/api/shared.gen'
import { LIMITS } from '@/api/contract.gen'
import { PrevPageLink } from '@/components/nav/PrevPageLink'
import { usePageParam } from '@/lib/nav'

export function Posts() {
  // ?page=N shows the page the server's /posts?page=N lists.
  const first = usePageParam()
  usePageMeta(pagedTitle(PAGE_TITLES.allPosts, first), PAGE_TITLES.allPostsDescription)
  const query = useInfinitePosts({ sort: 'latest', limit: LIMITS.listPageSize }, true, first)

  return (
    <div className="container-page py-12 sm:py-16">
      <header className="mb-10 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">The archive</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{PAGE_TITLES.allPosts}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">{PAGE_TITLES.allPostsDescription}</p>
        </div>
        <RssLink href="/feed.xml" />
      </header>
      <PrevPageLink page={first} />
      <PagedPosts query={query} empty="No posts yet. Check back soon!" />
    </div>
  )
}
