import type { Category } from '@/api/types'
import { CategoryField } from '@/components/workspace/CategoryField'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { parseKeywords } from '@/lib/keywords'
import { Panel } from './Panel'
import type { PostDesk } from './usePostDesk'

/** Category and tags. */
export function DetailsPanel({ desk, categories, loading }: { desk: PostDesk; categories: Category[]; loading: boolean }) {
  const tags = parseKeywords(desk.draft.tags)
  return (
    <Panel id="details" title="Category & tags">
      <CategoryField id="post-category" value={desk.draft.category} onChange={(category) => desk.edit({ category })} categories={categories} loading={loading} />
      <Field id="post-tags" label="Tags" hint="Comma-separated, e.g. keto, breakfast">
        {(aria) => <Input {...aria} value={desk.draft.tags} onChange={(e) => desk.edit({ tags: e.target.value })} placeholder="keto, breakfast" />}
      </Field>
      {tags.length > 0 && (
        <ul aria-label="Tags as shown" className="-mt-1 flex flex-wrap gap-1.5">
          {tags.map((t) => (
            <li key={t} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
              #{t}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
