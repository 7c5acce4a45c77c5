import { LIMITS } from '@/api/contract.gen'
import { PagedPosts } from '@/components/PagedPosts'
import { PrevPageLink } from '@/components/nav/PrevPageLink'
import { RssLink } from '@/components/RssLink'
import { useInfinitePosts } from '@/hooks/usePublic'
import { pagedTitle, usePageMeta } from '@/hooks/usePageMeta'
import { usePageParam } from '@/lib/nav'
import { Home } from '@/routes/Home'

/**
 * The site's home: its sections on page 1; at /?page=N the posts of page N, as the server's home page lists them
 * for crawlers (12 a page), with 'Load more' going on from there.
 */
export function SiteHome() {
  const page = usePageParam()
  return page > 1 ? <HomePage page={page} /> : <Home />
}

function HomePage({ page }: { page: number }) {
  usePageMeta(pagedTitle('', page))
  const query = useInfinitePosts({ sort: 'latest', limit: LIMITS.homePageSize }, true, page)
  return (
    <div className="container-page py-12 sm:py-16">
      <header className="mb-10 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Latest posts</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Page {page}</h1>
        </div>
        <RssLink href="/feed.xml" />
      </header>
      <PrevPageLink page={page} />
      <PagedPosts query={query} empty="No posts yet. Check back soon!" />
    </div>
  )
}
