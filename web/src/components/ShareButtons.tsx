import { FacebookIcon, LinkedInIcon, XIcon } from './BrandIcons'
import { shareLinks } from '@/lib/share'
import { useReaderText } from '@/lib/readerText'

const btn =
  'inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:brightness-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-brand-500'

export function ShareButtons({ url, title }: { url: string; title: string }) {
  const links = shareLinks(url, title)
  const { t } = useReaderText()
  const newTab = <span className="sr-only"> {t('opensInNewTab')}</span>
  return (
    <section aria-labelledby="share-title" className="rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
      <h2 id="share-title" className="text-base font-bold text-slate-900">
        {t('shareThisPost')}
      </h2>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={links.x} target="_blank" rel="noopener noreferrer" className={`${btn} bg-slate-900`}>
          <XIcon className="size-4" />
          <span>
            {t('shareOnX')}
            {newTab}
          </span>
        </a>
        <a href={links.linkedin} target="_blank" rel="noopener noreferrer" className={`${btn} bg-[#0a66c2]`}>
          <LinkedInIcon className="size-4" />
          <span>
            LinkedIn{newTab}
          </span>
        </a>
        <a href={links.facebook} target="_blank" rel="noopener noreferrer" className={`${btn} bg-[#1877f2]`}>
          <FacebookIcon className="size-4" />
          <span>
            Facebook{newTab}
          </span>
        </a>
      </div>
    </section>
  )
}
