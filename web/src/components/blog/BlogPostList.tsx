import { Link } from 'react-router'
import { ArrowRight } from 'lucide-react'
import type { PostSummary, TemplateId } from '@/api/types'
import { useReaderText } from '@/lib/readerText'
import { wholeMinutes } from '@/lib/format'
import { postPath } from '@/lib/paths'
import { useRootBlog } from '@/lib/rootBlog'
import { PostGrid } from '../PostGrid'
import { Skeleton } from '../ui/skeleton'

interface Props {
  template: TemplateId
  posts: PostSummary[] | undefined
  loading: boolean
  workspaceSlug: string
  empty: string
}

/** Classic: single centered column, serif headings, dates, a thin rule between posts. */
function ClassicList({ posts, workspaceSlug }: { posts: PostSummary[]; workspaceSlug: string }) {
  const root = useRootBlog()
  const text = useReaderText()
  return (
    <ol className="divide-y divide-slate-200 border-y border-slate-200">
      {posts.map((p) => (
        <li key={p.id} className="py-8">
          <article>
            <p className="text-xs font-semibold uppercase tracking-[0.18em] text-slate-500">
              <time dateTime={p.publishedAt}>{text.longDate(p.publishedAt)}</time>
              <span aria-hidden="true"> · </span>
              {(p.categoryName || p.category).toUpperCase()}
            </p>
            <h2 className="mt-2 text-2xl font-bold leading-snug text-slate-900 sm:text-3xl">
              <Link
                to={postPath(p, workspaceSlug, root?.slug)}
                className="rounded decoration-(--brand) decoration-2 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand)"
              >
                {p.title}
              </Link>
            </h2>
            {p.excerpt && <p className="mt-3 leading-relaxed text-slate-600">{p.excerpt}</p>}
            <Link
              to={postPath(p, workspaceSlug, root?.slug)}
              className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-(--brand-strong) hover:underline"
              aria-hidden="true"
              tabIndex={-1}
            >
              {text.t('continueReading')} <ArrowRight className="size-4 rtl:-scale-x-100" />
            </Link>
          </article>
        </li>
      ))}
    </ol>
  )
}

/** Minimal: text only, small type, lots of whitespace, no covers. */
function MinimalList({ posts, workspaceSlug }: { posts: PostSummary[]; workspaceSlug: string }) {
  const root = useRootBlog()
  const text = useReaderText()
  return (
    <ol className="space-y-7">
      {posts.map((p) => (
        <li key={p.id}>
          <article className="grid gap-1 sm:grid-cols-[8rem_1fr] sm:gap-6">
            <time dateTime={p.publishedAt} className="text-xs tabular-nums text-slate-500 sm:pt-0.5">
              {text.shortDate(p.publishedAt)}
            </time>
            <div>
              <h2 className="text-base font-medium text-slate-900">
                <Link
                  to={postPath(p, workspaceSlug, root?.slug)}
                  className="rounded hover:text-(--brand-strong) focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand)"
                >
                  {p.title}
                </Link>
              </h2>
              <p className="mt-0.5 text-xs text-slate-500">
                {(p.categoryName || p.category).toLowerCase()} · {text.count('minShort', wholeMinutes(p.readMinutes)).toLowerCase()}
              </p>
            </div>
          </article>
        </li>
      ))}
    </ol>
  )
}

function ListSkeleton({ template }: { template: TemplateId }) {
  const rows = template === 'template-3' ? 6 : 4
  const { t } = useReaderText()
  return (
    <div className="space-y-8" aria-busy="true" aria-label={t('loadingPosts')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-3 w-32" />
          <Skeleton className={template === 'template-3' ? 'h-4 w-2/3' : 'h-7 w-4/5'} />
          {template === 'template-2' && <Skeleton className="h-4 w-full" />}
        </div>
      ))}
    </div>
  )
}

/** Posts of a workspace blog in that blog's template. */
export function BlogPostList({ template, posts, loading, workspaceSlug, empty }: Props) {
  if (template === 'template-1') {
    return <PostGrid posts={posts} loading={loading} workspaceSlug={workspaceSlug} empty={empty} priority />
  }
  if (loading && !posts?.length) return <ListSkeleton template={template} />
  if (!posts?.length) return <p className="py-12 text-center text-slate-600">{empty}</p>
  return template === 'template-2' ? (
    <ClassicList posts={posts} workspaceSlug={workspaceSlug} />
  ) : (
    <MinimalList posts={posts} workspaceSlug={workspaceSlug} />
  )
}
