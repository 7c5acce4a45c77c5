import { Link } from 'react-router'
import { ArrowRight, FilePen } from 'lucide-react'
import { DRAFTS_PATH, draftsToReview } from './desk'

/**
 * The dashboards' notice of drafts waiting (AI posts saved for review, hand-written drafts): a link
 * to My Posts filtered to drafts. Nothing when there are none.
 */
export function DraftsNotice({ drafts }: { drafts: number }) {
  if (drafts <= 0) return null
  return (
    <Link
      to={DRAFTS_PATH}
      className="group flex items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900 transition hover:border-brand-300 hover:bg-brand-100/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <FilePen className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
      <span className="min-w-0 flex-1">{draftsToReview(drafts)}</span>
      <span className="inline-flex shrink-0 items-center gap-1 text-brand-700" aria-hidden="true">
        Review <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
      </span>
    </Link>
  )
}
