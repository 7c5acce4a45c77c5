import { Rss } from 'lucide-react'
import { cn } from '@/lib/utils'
import { useReaderText } from '@/lib/readerText'

/** A plain <a> (full navigation): feeds are served by the Go server, not the app. 'RSS feed' in the reader's language by default. */
export function RssLink({ href, label, className }: { href: string; label?: string; className?: string }) {
  const { t } = useReaderText()
  return (
    <a
      href={href}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full bg-orange-50 px-3 py-1.5 text-sm font-semibold text-orange-700 ring-1 ring-inset ring-orange-200 transition hover:bg-orange-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500',
        className,
      )}
    >
      <Rss className="size-4" aria-hidden="true" />
      {label ?? t('rssFeed')}
    </a>
  )
}
