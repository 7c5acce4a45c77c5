import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { cn } from '@/lib/utils'
import { Panel } from './Panel'
import { SEO_LENGTH, basePathOf, counter, searchPreview } from './seo'
import type { PostDesk } from './usePostDesk'

function Count({ text, max }: { text: string; max: number }) {
  const c = counter(text, max)
  return (
    <span className={cn('tabular-nums', c.over && 'font-medium text-amber-700')}>
      {c.label} characters{c.over ? ': search results cut the rest' : ''}
    </span>
  )
}

/** Meta title and description with counters, the slug, and the post as a search result. */
export function SeoPanel({ desk, workspaceSlug }: { desk: PostDesk; workspaceSlug: string }) {
  const { draft } = desk
  const preview = searchPreview(draft, { host: window.location.host, basePath: basePathOf(desk.post?.url, workspaceSlug) })
  return (
    <Panel id="seo" title="SEO">
      <Field id="meta-title" label="Meta title" hint={<Count text={draft.metaTitle} max={SEO_LENGTH.metaTitle} />}>
        {(aria) => <Input {...aria} value={draft.metaTitle} placeholder={draft.title} onChange={(e) => desk.edit({ metaTitle: e.target.value })} />}
      </Field>
      <Field id="meta-description" label="Meta description" hint={<Count text={draft.metaDescription} max={SEO_LENGTH.metaDescription} />}>
        {(aria) => (
          <Textarea {...aria} rows={3} value={draft.metaDescription} onChange={(e) => desk.edit({ metaDescription: e.target.value })} placeholder="The first lines of the post" />
        )}
      </Field>
      <Field id="post-slug" label="Slug" error={desk.errors.slug} hint="The end of the post’s address. After publishing, the old address redirects to a new one.">
        {(aria) => (
          <Input {...aria} value={draft.slug} spellCheck={false} placeholder="made-from-the-title" onChange={(e) => desk.edit({ slug: e.target.value })} className="font-mono text-xs" />
        )}
      </Field>
      <figure className="grid gap-0.5 rounded-xl border border-slate-200 p-3">
        <figcaption className="mb-1 text-xs font-medium uppercase tracking-wider text-slate-500">Search preview</figcaption>
        <p className="truncate text-xs text-slate-600">{preview.crumbs}</p>
        <p className="text-lg leading-snug text-[#1a0dab]">{preview.title}</p>
        <p className="text-sm leading-snug text-slate-600">{preview.description || 'The meta description, or the start of the post, shows here.'}</p>
      </figure>
    </Panel>
  )
}
