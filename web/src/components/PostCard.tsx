import { useState } from 'react'
import { Link } from 'react-router'
import { Clock } from 'lucide-react'
import type { PostSummary } from '@/api/types'
import { tagLabel, wholeMinutes } from '@/lib/format'
import { useReaderText } from '@/lib/readerText'
import { postPath } from '@/lib/paths'
import { linkedTags, tagPath } from '@/lib/nav'
import { useRootBlog } from '@/lib/rootBlog'
import { categoryBadgeClass, coverPlaceholderStyle, useCategoryColor } from '@/lib/categories'
import { cn } from '@/lib/utils'
import { Skeleton } from './ui/skeleton'
import { ResponsiveImage } from './ui/responsive-image'
import { Byline } from './Byline'

interface Props {
  post: PostSummary
  /** When given, the card links into that workspace's blog (/blog/{ws}/{category}/{slug}). */
  workspaceSlug?: string
  /** The cover is the page's largest image above the fold: fetched at once, with high priority. */
  priority?: boolean
  /** The grid the card is in, for the cover's `sizes`. */
  layout?: 'card3' | 'card4'
  className?: string
  headingLevel?: 'h2' | 'h3'
  /** Names the post's blog ('on {blog}'): lists that mix blogs (the admin's all posts). */
  showBlog?: boolean
}

/**
 * The card's 16:9 cover: the image, or (no cover, or one that fails to load) a stand-in in the category's
 * gradient with its name, so a grid never shows an empty grey block. A blog's pages name their categories'
 * colours (CategoryColorsContext, set by BlogGate).
 */
function Cover({ post, priority, layout }: { post: PostSummary; priority: boolean; layout: 'card3' | 'card4' }) {
  const [failed, setFailed] = useState<string | null>(null)
  const own = useCategoryColor(post.category)
  const src = post.coverImageUrl
  if (src && failed !== src) {
    return (
      <div className="aspect-[16/9] overflow-hidden bg-slate-100">
        <ResponsiveImage
          src={src}
          alt=""
          layout={layout}
          width={1200}
          height={675}
          priority={priority}
          onError={() => setFailed(src)}
          className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
        />
      </div>
    )
  }
  const name = post.categoryName || post.category
  return (
    <div
      data-testid="cover-placeholder"
      aria-hidden="true"
      className="relative flex aspect-[16/9] items-end overflow-hidden p-5"
      style={coverPlaceholderStyle(post.category, own)}
    >
      <span className="pointer-events-none absolute -right-10 -top-10 size-40 rounded-full bg-white/15 transition duration-300 group-hover:scale-110" />
      <span className="pointer-events-none absolute -bottom-16 right-16 size-32 rounded-full bg-white/10" />
      <span className="relative text-2xl font-extrabold tracking-tight opacity-95">{name}</span>
    </div>
  )
}

/** Post card: cover, category, date, read time, title, excerpt, byline, up to 3 tags. */
export function PostCard({
  post,
  workspaceSlug,
  priority = false,
  layout = 'card3',
  className,
  headingLevel = 'h3',
  showBlog = false,
}: Props) {
  const root = useRootBlog()
  const text = useReaderText()
  const href = postPath(post, workspaceSlug, root?.slug)
  const Heading = headingLevel
  const tags = linkedTags(post.tags, post.tagSlugs).slice(0, 3)
  // The tag pages of the post's blog: the server's address of the post says where that blog lives.
  const tagBlog = workspaceSlug ?? (post.url?.startsWith('/blog/') ? post.workspaceSlug : undefined)
  const badge = categoryBadgeClass(post.category) ?? 'bg-(--brand-soft) text-(--brand-strong) ring-black/5'
  return (
    <article
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition duration-200 hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-(--brand)',
        className,
      )}
    >
      <Cover post={post} priority={priority} layout={layout} />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-slate-500">
          <span className={cn('rounded-full px-2.5 py-1 text-[0.6875rem] font-bold tracking-wider ring-1 ring-inset', badge)}>
            {(post.categoryName || post.category).toUpperCase()}
          </span>
          <time dateTime={post.publishedAt}>{text.shortDate(post.publishedAt)}</time>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {text.count('minShort', wholeMinutes(post.readMinutes))}
          </span>
        </div>
        <Heading className="mt-3 text-lg font-bold leading-snug tracking-tight text-slate-900 transition-colors group-hover:text-(--brand-strong)">
          <Link to={href} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {post.title}
          </Link>
        </Heading>
        {showBlog && (
          <p className="mt-1 truncate text-xs text-slate-500">
            on <span className="font-semibold text-slate-700">{post.blogName || post.workspaceSlug}</span>
          </p>
        )}
        {post.excerpt && <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">{post.excerpt}</p>}
        {post.author && <Byline author={post.author} size="sm" className="mt-3" />}
        {tags.length > 0 && (
          <ul className="mt-auto flex flex-wrap gap-1.5 pt-4" aria-label={text.t('tags')}>
            {tags.map((t) => (
              <li key={t.slug} className="relative z-10">
                <Link
                  to={tagPath(t.slug, tagBlog, root?.slug)}
                  className="block rounded-md bg-slate-100 px-2 py-0.5 text-[0.6875rem] font-semibold tracking-wide text-slate-600 hover:bg-(--brand-soft) hover:text-(--brand-strong) focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand)"
                >
                  {tagLabel(t.name)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  )
}

export function PostCardSkeleton({ withCover = true }: { withCover?: boolean }) {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {withCover && <Skeleton className="aspect-[16/9] rounded-none" />}
      <div className="space-y-3 p-5">
        <div className="flex gap-2">
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-5 w-24" />
        </div>
        <Skeleton className="h-5 w-11/12" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    </div>
  )
}
