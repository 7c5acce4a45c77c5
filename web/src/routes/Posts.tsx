import { PagedPosts } from '@/components/PagedPosts'
import { RssLink } from '@/components/RssLink'
import { useInfinitePosts } from '@/hooks/usePublic'
import { usePageMeta } from '@/hooks/usePageMeta'

export function Posts() {
  usePageMeta('All posts', 'Every article on marketing, keto, fitness and tech, newest first.')
  const query = useInfinitePosts({ sort: 'latest' })

  return (
    <div className="container-page py-12 sm:py-16">
      <header className="mb-10 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">The archive</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">All posts</h1>
          <p className="mt-2 max-w-2xl text-slate-600">
            Every article on marketing, keto, fitness and tech — newest first.
          </p>
        </div>
        <RssLink href="/feed.xml" />
      </header>
      <PagedPosts query={query} empty="No posts yet. Check back soon!" />
    </div>
  )
}
