import { useId, useMemo, useState, type ComponentType, type KeyboardEvent } from 'react'
import { Check, Copy, ExternalLink } from 'lucide-react'
import type { PostSummary } from '@/api/types'
import { FacebookIcon, LinkedInIcon, XIcon } from '@/components/BrandIcons'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Textarea } from '@/components/ui/textarea'
import { useCopy } from '@/hooks/useCopy'
import { useOwnerPost } from '@/hooks/useOwner'
import {
  PLATFORM_LABELS,
  SHARE_PLATFORMS,
  charCount,
  charStatus,
  platformLimit,
  platformShareUrl,
  shareText,
  type CharStatus,
  type Platform,
} from '@/lib/share'
import { cn } from '@/lib/utils'

function InstagramIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className={className} aria-hidden="true">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  )
}

const ICONS: Record<Platform, ComponentType<{ className?: string }>> = {
  x: XIcon,
  linkedin: LinkedInIcon,
  facebook: FacebookIcon,
  instagram: InstagramIcon,
}

const STATUS_STYLE: Record<CharStatus, string> = {
  Good: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  'Near limit': 'bg-amber-100 text-amber-900 ring-amber-200',
  'Over limit!': 'bg-red-100 text-red-800 ring-red-200',
}

function absoluteUrl(path: string): string {
  try {
    return new URL(path, window.location.origin).toString()
  } catch {
    return path
  }
}

/**
 * The share kit: ready-to-paste text per platform (X, LinkedIn, Facebook, Instagram) with a
 * character counter, a copy button and a link to the platform's share page.
 */
export function ShareKitDialog({ post, onClose }: { post: PostSummary | null; onClose: () => void }) {
  return (
    <Dialog open={post !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">{post && <ShareKit post={post} />}</DialogContent>
    </Dialog>
  )
}

function ShareKit({ post }: { post: PostSummary }) {
  const baseId = useId()
  const full = useOwnerPost(post.id)
  const [platform, setPlatform] = useState<Platform>('x')
  const [edits, setEdits] = useState<Partial<Record<Platform, string>>>({})
  const { copy, copied } = useCopy()

  const generated = useMemo(() => {
    const p = full.data
    const input = {
      title: p?.title ?? post.title,
      content: p?.content ?? post.excerpt,
      url: p?.canonicalUrl || absoluteUrl(post.url),
      category: p?.categoryName || post.categoryName || post.category,
      tags: p?.tags ?? post.tags ?? [],
    }
    return Object.fromEntries(SHARE_PLATFORMS.map((pl) => [pl, shareText(pl, input)])) as Record<Platform, string>
  }, [full.data, post])

  const text = edits[platform] ?? generated[platform]
  const length = charCount(text)
  const limit = platformLimit(platform)
  const status = charStatus(length, limit)
  const shareUrl = platformShareUrl(platform, full.data?.canonicalUrl || absoluteUrl(post.url), text)
  const Icon = ICONS[platform]

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = SHARE_PLATFORMS.indexOf(platform)
    let next: number | null = null
    if (e.key === 'ArrowRight') next = (i + 1) % SHARE_PLATFORMS.length
    if (e.key === 'ArrowLeft') next = (i - 1 + SHARE_PLATFORMS.length) % SHARE_PLATFORMS.length
    if (e.key === 'Home') next = 0
    if (e.key === 'End') next = SHARE_PLATFORMS.length - 1
    if (next === null) return
    e.preventDefault()
    setPlatform(SHARE_PLATFORMS[next])
    document.getElementById(`${baseId}-tab-${SHARE_PLATFORMS[next]}`)?.focus()
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Share kit</DialogTitle>
        <DialogDescription className="line-clamp-2">{post.title}</DialogDescription>
      </DialogHeader>

      <div role="tablist" aria-label="Platform" className="grid grid-cols-4 gap-1 rounded-xl bg-slate-100 p-1">
        {SHARE_PLATFORMS.map((pl) => {
          const PIcon = ICONS[pl]
          const on = pl === platform
          return (
            <button
              key={pl}
              id={`${baseId}-tab-${pl}`}
              type="button"
              role="tab"
              aria-selected={on}
              aria-controls={`${baseId}-panel`}
              tabIndex={on ? 0 : -1}
              onClick={() => setPlatform(pl)}
              onKeyDown={onTabKey}
              className={cn(
                'inline-flex items-center justify-center gap-2 rounded-lg px-2 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                on ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              <PIcon className="size-4" />
              <span className="max-sm:sr-only">{PLATFORM_LABELS[pl]}</span>
            </button>
          )
        })}
      </div>

      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${platform}`} className="grid gap-3">
        <label htmlFor={`${baseId}-text`} className="sr-only">
          Post text for {PLATFORM_LABELS[platform]}
        </label>
        <Textarea
          id={`${baseId}-text`}
          rows={11}
          value={text}
          onChange={(e) => setEdits((m) => ({ ...m, [platform]: e.target.value }))}
          aria-describedby={`${baseId}-count`}
          className="leading-relaxed"
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p id={`${baseId}-count`} className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
            <span className="tabular-nums">
              {length.toLocaleString('en-US')} / {limit.toLocaleString('en-US')} characters
            </span>
            <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', STATUS_STYLE[status])}>{status}</span>
          </p>
          <div className="flex flex-wrap gap-2">
            {edits[platform] !== undefined && (
              <Button variant="ghost" size="sm" onClick={() => setEdits((m) => ({ ...m, [platform]: undefined }))}>
                Reset
              </Button>
            )}
            {shareUrl && (
              <Button asChild variant="outline" size="sm">
                <a href={shareUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" /> Open {PLATFORM_LABELS[platform]}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            )}
            <Button size="sm" onClick={() => void copy(text, platform)} className="min-w-24">
              {copied === platform ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied === platform ? 'Copied!' : 'Copy'}
            </Button>
          </div>
        </div>
        {platform === 'instagram' && (
          <p className="flex items-center gap-2 text-xs text-slate-500">
            <Icon className="size-3.5" /> Links in Instagram captions are not clickable: paste the URL in your bio too.
          </p>
        )}
      </div>
    </>
  )
}
