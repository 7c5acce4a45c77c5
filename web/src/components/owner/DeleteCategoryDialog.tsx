import { useState } from 'react'
import type { Category } from '@/api/types'
import { CATEGORY_DELETE_QUESTION, filed, moveTargets } from '@/components/admin/categories'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Field } from '@/components/ui/field'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'

/**
 * The question before a category is deleted. Its posts are never deleted: a category holding any asks which of
 * the other categories they move to (the server requires it), and one without another category to move them to
 * cannot be deleted yet.
 */
export function DeleteCategoryDialog({
  category,
  categories,
  busy,
  onClose,
  onConfirm,
}: {
  category: Category | null
  categories: Category[]
  busy: boolean
  onClose: () => void
  /** moveTo is '' for a category without posts. */
  onConfirm: (category: Category, moveTo: string) => void
}) {
  // The target picked for one category; another category starts at its first target.
  const [picked, setPicked] = useState<{ id: number; slug: string } | null>(null)
  const targets = category ? moveTargets(category, categories) : []
  const moveTo = category && picked?.id === category.id ? picked.slug : (targets[0]?.slug ?? '')
  const n = (category?.postCount ?? 0) + (category?.plannedCount ?? 0)
  const posts = category ? filed(category) : ''

  let description: string | undefined
  if (category && n === 0) description = `“${category.name}” will be removed from your blog’s menus and feeds.`
  else if (category && targets.length === 0)
    description = `“${category.name}” has ${posts} and is your only category. Add another category first, so its posts have somewhere to go.`
  else if (category) description = `“${category.name}” has ${posts}. They move to the category you choose, and their old links lead there.`

  return (
    <ConfirmDialog
      open={category !== null}
      onOpenChange={(o) => !o && onClose()}
      title={CATEGORY_DELETE_QUESTION}
      description={description}
      busy={busy}
      confirmDisabled={n > 0 && !moveTo}
      onConfirm={() => category && onConfirm(category, n > 0 ? moveTo : '')}
    >
      {category && n > 0 && targets.length > 0 && (
        <Field id="category-move-to" label="Move its posts to">
          {(aria) => (
            <Select value={moveTo} onValueChange={(slug) => setPicked({ id: category.id, slug })} disabled={busy}>
              <SelectTrigger {...aria}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {targets.map((c) => (
                  <SelectItem key={c.slug} value={c.slug}>
                    {c.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
      )}
    </ConfirmDialog>
  )
}
