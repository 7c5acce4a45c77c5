import { ExternalLink, Eye, RefreshCw } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/lib/format'
import { Panel } from './Panel'
import type { PostDesk } from './usePostDesk'

/**
 * Opens the post's private preview in a new tab (a new post is saved as a draft first). The tab is
 * opened at the click, so no pop-up blocker stops it, and pointed at the address once it is known.
 */
export function PreviewPanel({ desk }: { desk: PostDesk }) {
  const { post } = desk
  const opening = desk.busy === 'preview'

  const open = async () => {
    const tab = window.open('', '_blank')
    const url = await desk.previewUrl()
    if (!url) {
      tab?.close()
      return
    }
    if (tab) {
      tab.opener = null
      tab.location.href = url
    } else if (!window.open(url, '_blank', 'noopener')) {
      toast.error('Preview blocked', { description: 'Allow pop-ups for this site to open the preview.' })
    }
  }

  return (
    <Panel id="preview" title="Preview">
      <Button size="sm" variant="outline" onClick={() => void open()} disabled={desk.busy !== null && !opening}>
        {opening ? <Spinner /> : <Eye aria-hidden="true" />}
        {post ? 'Open preview' : 'Save draft & preview'}
      </Button>
      <p className="text-xs text-slate-500">
        A private link that shows the post as last saved, to anyone who has it
        {post?.previewExpiresAt ? `, until ${formatDateTime(post.previewExpiresAt)}` : ''}. Search engines do not index it.
      </p>
      {post && (
        <Button size="sm" variant="ghost" onClick={() => void desk.newPreview()} disabled={desk.busy !== null}>
          <RefreshCw aria-hidden="true" />
          New link
        </Button>
      )}
      {post && <p className="text-xs text-slate-500">Shared the link too widely? A new link ends the old one.</p>}
      {post?.status === 'published' && post.url && (
        <a href={post.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
          <ExternalLink className="size-4" aria-hidden="true" />
          View on your blog<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </Panel>
  )
}
