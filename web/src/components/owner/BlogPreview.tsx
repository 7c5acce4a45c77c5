import type { TemplateId } from '@/api/types'
import { readableOn, safeHex } from '@/lib/color'
import { fontFor } from '@/lib/fonts'
import { useFontStylesheets } from '@/lib/fontLoader'
import { cn } from '@/lib/utils'

export interface PreviewCategory {
  name: string
  slug: string
  colorHex: string
}

/** A small live mock-up of the public blog with the chosen name, colour, font and categories. */
export function BlogPreview({
  title,
  description,
  primaryColor,
  fontFamily,
  categories = [],
  templateId = 'template-1',
  slug,
  className,
}: {
  title: string
  description: string
  primaryColor: string
  fontFamily: string
  categories?: PreviewCategory[]
  templateId?: TemplateId
  slug?: string
  className?: string
}) {
  const primary = safeHex(primaryColor)
  const onPrimary = readableOn(primary)
  const font = fontFor(fontFamily).stack
  useFontStylesheets([fontFamily])
  const name = title.trim() || 'Your blog'
  const about = description.trim() || 'A short description of what you write about.'
  const cats = categories.slice(0, 4)
  const minimal = templateId === 'template-3'
  const classic = templateId === 'template-2'

  return (
    <figure
      aria-label="Live preview of your blog"
      className={cn('overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm', className)}
      style={{ fontFamily: font }}
    >
      <div className="flex items-center gap-1.5 border-b border-slate-100 bg-slate-50 px-3 py-2" aria-hidden="true">
        <span className="size-2.5 rounded-full bg-red-300" />
        <span className="size-2.5 rounded-full bg-amber-300" />
        <span className="size-2.5 rounded-full bg-emerald-300" />
        <span className="ml-2 truncate rounded-md bg-white px-2 py-0.5 font-sans text-[0.6875rem] text-slate-500 ring-1 ring-slate-200">
          /blog/{slug || 'your-blog'}
        </span>
      </div>
      <div
        className={cn('px-5 py-6', minimal ? 'border-b-4 bg-white' : classic ? 'text-center' : '')}
        style={minimal ? { borderColor: primary } : { background: `linear-gradient(135deg, ${primary}, color-mix(in srgb, ${primary} 70%, black))`, color: onPrimary }}
      >
        <p className={cn('text-xl font-bold leading-tight', minimal && 'text-slate-900')} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </p>
        <p className={cn('mt-1.5 line-clamp-2 text-sm', minimal ? 'text-slate-600' : 'opacity-90')}>{about}</p>
      </div>
      <div className="grid gap-3 p-4">
        {cats.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Categories">
            {cats.map((c) => (
              <li
                key={c.slug}
                className="rounded-full px-2 py-0.5 text-[0.625rem] font-bold uppercase tracking-wider"
                style={{ background: safeHex(c.colorHex), color: readableOn(safeHex(c.colorHex)) }}
              >
                {c.name}
              </li>
            ))}
          </ul>
        )}
        {[0, 1].map((i) => (
          <div key={i} className="flex gap-3 rounded-xl border border-slate-100 p-3" aria-hidden="true">
            {!minimal && <div className="size-12 shrink-0 rounded-lg" style={{ background: `color-mix(in srgb, ${primary} ${i ? 18 : 30}%, white)` }} />}
            <div className="min-w-0 flex-1 space-y-1.5">
              <p className="truncate text-sm font-semibold text-slate-900">{i === 0 ? 'Your first AI-written post' : 'Another great read'}</p>
              <div className="h-1.5 w-full rounded-full bg-slate-100" />
              <div className="h-1.5 w-2/3 rounded-full bg-slate-100" />
              <p className="pt-0.5 text-xs font-semibold" style={{ color: readableOn(primary) === '#ffffff' ? primary : `color-mix(in srgb, ${primary} 55%, black)` }}>
                Read more →
              </p>
            </div>
          </div>
        ))}
      </div>
      <figcaption className="sr-only">
        {name}, in {fontFamily}, with the colour {primary}
      </figcaption>
    </figure>
  )
}
