import { Link } from 'react-router'
import type { Author } from '@/api/types'
import { cn } from '@/lib/utils'
import { authorHref } from '@/lib/paths'
import { useReaderText, withNode } from '@/lib/readerText'

/** The author's avatar, or their initials on the blog's colour. */
export function AuthorAvatar({ author, className }: { author: Pick<Author, 'name' | 'avatarUrl'>; className?: string }) {
  if (author.avatarUrl) {
    return <img src={author.avatarUrl} alt="" className={cn('shrink-0 rounded-full bg-slate-100 object-cover', className)} />
  }
  const initials = author.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('')
  return (
    <span aria-hidden="true" className={cn('inline-flex shrink-0 items-center justify-center rounded-full bg-(--brand-soft) font-bold text-(--brand-strong)', className)}>
      {initials || '?'}
    </span>
  )
}

/**
 * 'By {name}' with the author's avatar, linking to their page on the post's blog. Small on post cards
 * (raised above the card's stretched link), larger on the post page.
 */
export function Byline({ author, size = 'md', className }: { author: Author; size?: 'sm' | 'md'; className?: string }) {
  const href = authorHref(author)
  const { t } = useReaderText()
  const linkClass = 'font-semibold text-slate-800 hover:text-(--brand-strong) hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-(--brand) rounded'
  const name = href.internal ? (
    <Link to={href.to} rel="author" className={linkClass}>
      {author.name}
    </Link>
  ) : (
    <a href={href.to} rel="author" className={linkClass}>
      {author.name}
    </a>
  )
  return (
    <p className={cn('relative z-10 flex items-center gap-2 text-slate-600', size === 'sm' ? 'text-xs' : 'text-sm', className)} data-testid="byline">
      <AuthorAvatar author={author} className={size === 'sm' ? 'size-6 text-[0.625rem]' : 'size-10 text-sm'} />
      <span>{withNode(t('byAuthor'), 'name', name)}</span>
    </p>
  )
}
