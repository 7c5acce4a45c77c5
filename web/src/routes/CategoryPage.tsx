import { Link, useParams } from 'react-router'
import type { Category } from '@/api/types'
import { ArrowLeft } from 'lucide-react'
import { PagedPosts, type PagedPostsQuery } from '@/components/PagedPosts'
import { RssLink } from '@/components/RssLink'
import { PageError } from '@/components/ErrorBlock'
import { QueryState } from '@/components/ui/query-state'
import { PageLoading } from '@/components/PageLoading'
import { NotFoundBlock } from '@/components/NotFoundBlock'
import { useCategories, useInfinitePosts } from '@/hooks/usePublic'
import { pagedTitle, usePageMeta } from '@/hooks/usePageMeta'
import { categoryGradient, readableOn, safeHex } from '@/lib/color'
import { feedPath } from '@/lib/paths'
import { LIMITS } from '@/api/contract.gen'
import { PrevPageLink } from '@/components/nav/PrevPageLink'
import { usePageParam } from '@/lib/nav'

export function CategoryPage() {
  const { category: slug = '' } = useParams()
  const categories = useCategories()
  const category = categories.data?.find((c) => c.slug.toLowerCase() === slug.toLowerCase())
  const first = usePageParam()
  const posts = useInfinitePosts({ category: category?.slug ?? slug, limit: LIMITS.listPageSize }, Boolean(category), first)
  usePageMeta(category ? pagedTitle(category.name, first) : categories.isLoading ? null : 'Category not found', category?.description)

  return (
    <QueryState
      query={categories}
      loading={<PageLoading />}
      error={(error, retry) => <PageError error={error} onRetry={retry} />}
      isEmpty={() => !category}
      empty={<NotFoundBlock title="Category not found" />}
    >
      {() => category && <CategoryContent category={category} posts={posts} first={first} />}
    </QueryState>
  )
}

function CategoryContent({ category, posts, first }: { category: Category; posts: PagedPostsQuery; first: number }) {
  const fg = readableOn(safeHex(category.colorHex))

  return (
    <>
      <header style={{ background: categoryGradient(category.gradient, category.colorHex), color: fg }}>
        <div className="container-page py-14 sm:py-20">
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 rounded text-sm font-medium opacity-90 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current"
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> Home
          </Link>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">{category.name}</h1>
          {category.description && <p className="mt-3 max-w-2xl text-lg opacity-90">{category.description}</p>}
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <RssLink href={feedPath({ category: category.slug })} label={`${category.name} RSS feed`} className="bg-white/90" />
            <span className="text-sm opacity-85">
              {category.postCount} {category.postCount === 1 ? 'post' : 'posts'}
            </span>
          </div>
        </div>
      </header>
      <div className="container-page py-12 sm:py-16">
        <PrevPageLink page={first} />
        <PagedPosts query={posts} empty="No posts found in this category yet." />
      </div>
    </>
  )
}
