import { useRef, useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { createCategory, updateCategory } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import type { Category } from '@/api/types'
import { MSG_MISSING } from '@/lib/forms'
import { Spinner } from '@/components/ui/spinner'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { safeHex } from '@/lib/color'
import { categoryForm, toNewCategory, validateCategory, withName, type CategoryErrors, type CategoryForm } from './categories'
import { LIMITS } from '@/api/types'

/**
 * Add Category / Edit Category: Slug (fixed when editing), Name, Description, Color.
 * `category` undefined = closed, null = add, a category = edit.
 */
export function CategoryDialog({
  category,
  onClose,
  onSaved,
}: {
  category: Category | null | undefined
  onClose: () => void
  onSaved: () => void
}) {
  const [busy, setBusy] = useState(false)
  const open = category !== undefined
  const editing = Boolean(category)
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Category' : 'Add Category'}</DialogTitle>
          <DialogDescription>
            {editing ? 'The slug is part of the category’s address and cannot change.' : 'Posts are filed under categories on your blog and in its feeds.'}
          </DialogDescription>
        </DialogHeader>
        {open && <CategoryFormBody key={category?.id ?? 'new'} category={category ?? null} onBusy={setBusy} onDone={onSaved} onCancel={onClose} />}
      </DialogContent>
    </Dialog>
  )
}

function CategoryFormBody({
  category,
  onBusy,
  onDone,
  onCancel,
}: {
  category: Category | null
  onBusy: (b: boolean) => void
  onDone: () => void
  onCancel: () => void
}) {
  const editing = category !== null
  const [form, setForm] = useState<CategoryForm>(() => categoryForm(category))
  const [errors, setErrors] = useState<CategoryErrors>({})
  const formRef = useRef<HTMLFormElement>(null)

  const mutation = useMutation({
    mutationFn: (f: CategoryForm) => {
      const body = toNewCategory(f)
      if (category) {
        const { slug: _slug, ...rest } = body
        return updateCategory(category.id, rest)
      }
      return createCategory(body)
    },
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: () => {
      toast.success(editing ? 'Category updated successfully' : 'Category created successfully')
      onDone()
    },
    onError: (err) => toast.error(editing ? 'Error updating category' : 'Error creating category', { description: errorMessage(err) }),
  })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (mutation.isPending) return
    const v = validateCategory(form, editing)
    setErrors(v)
    if (Object.keys(v).length) {
      toast.error(MSG_MISSING.title, { description: MSG_MISSING.description })
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    mutation.mutate(form)
  }

  const color = safeHex(form.colorHex)

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
      <fieldset disabled={mutation.isPending} className="grid gap-4">
        <legend className="sr-only">Category details</legend>
        <Field id="cat-slug" label="Slug" error={errors.slug} hint={editing ? 'The slug cannot be changed.' : 'Follows the name; lowercase letters, numbers and dashes.'}>
          {(a) => (
            <Input
              {...a}
              value={form.slug}
              disabled={editing}
              maxLength={LIMITS.categorySlugMax}
              spellCheck={false}
              autoCapitalize="off"
              onChange={(e) => {
                const slug = e.target.value
                setForm((f) => ({ ...f, slug, slugTouched: slug !== '' }))
                setErrors((x) => ({ ...x, slug: undefined }))
              }}
              placeholder="home-office"
              className="font-mono"
            />
          )}
        </Field>
        <Field id="cat-name" label="Name" error={errors.name}>
          {(a) => (
            <Input
              {...a}
              value={form.name}
              maxLength={LIMITS.categoryNameMax}
              onChange={(e) => {
                setForm((f) => withName(f, e.target.value, editing))
                setErrors((x) => ({ ...x, name: undefined, slug: editing ? x.slug : undefined }))
              }}
              placeholder="Home Office"
            />
          )}
        </Field>
        <Field id="cat-description" label="Description">
          {(a) => (
            <Textarea {...a} rows={3} maxLength={LIMITS.categoryDescriptionMax} value={form.description} onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))} placeholder="Desks, chairs and routines for working from home" />
          )}
        </Field>
        <Field id="cat-color" label="Color" error={errors.colorHex}>
          {(a) => (
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Pick a colour"
                value={color}
                onChange={(e) => {
                  setForm((f) => ({ ...f, colorHex: e.target.value }))
                  setErrors((x) => ({ ...x, colorHex: undefined }))
                }}
                className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
              />
              <Input
                {...a}
                value={form.colorHex}
                maxLength={7}
                spellCheck={false}
                onChange={(e) => {
                  setForm((f) => ({ ...f, colorHex: e.target.value }))
                  setErrors((x) => ({ ...x, colorHex: undefined }))
                }}
                className="font-mono uppercase"
              />
            </div>
          )}
        </Field>
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending && <Spinner />}
          {mutation.isPending ? 'Saving...' : editing ? 'Save changes' : 'Add Category'}
        </Button>
      </DialogFooter>
    </form>
  )
}
