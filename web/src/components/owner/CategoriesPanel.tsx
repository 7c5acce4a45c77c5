import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { FolderTree, Pencil, Plus, Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import { deleteCategory } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import type { Category, WorkspaceResponse } from '@/api/types'
import { EmptyState } from '@/components/EmptyState'
import { CategoryDialog } from '@/components/admin/CategoryDialog'
import { DeleteCategoryDialog } from './DeleteCategoryDialog'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { LoadingRows, QueryState } from '@/components/ui/query-state'
import { useErrorToast } from '@/hooks/useErrorToast'
import { useRefreshOwnerData } from '@/hooks/useOwner'
import { useWorkspaceCategories } from '@/hooks/useWorkspace'
import { usePageMeta } from '@/hooks/usePageMeta'
import { DeskScreen, type DeskArea } from './DeskScreen'
import { safeHex } from '@/lib/color'
import { cn } from '@/lib/utils'

function Swatch({ color, className }: { color: string; className?: string }) {
  const hex = safeHex(color)
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <span className="size-6 shrink-0 rounded-md ring-1 ring-inset ring-black/10" style={{ background: hex }} aria-hidden="true" />
      <span className="font-mono text-xs uppercase text-slate-600">{hex}</span>
    </span>
  )
}

const iconBtn =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 [&_svg]:size-4'

function RowActions({ c, onEdit, onDelete, className }: { c: Category; onEdit: () => void; onDelete: () => void; className?: string }) {
  return (
    <div className={cn('flex items-center gap-0.5', className)}>
      <button type="button" className={iconBtn} onClick={onEdit} aria-label={`Edit ${c.name}`} title="Edit">
        <Pencil aria-hidden="true" />
      </button>
      <button type="button" className={cn(iconBtn, 'hover:bg-red-50 hover:text-red-700')} onClick={onDelete} aria-label={`Delete ${c.name}`} title="Delete">
        <Trash2 aria-hidden="true" />
      </button>
    </div>
  )
}

/**
 * The 'Category Management' screen's body (/dashboard/categories and /admin/categories): the
 * workspace's categories with add, edit and delete; the count against the plan's cap.
 */
export function CategoriesPanel({ data }: { data: WorkspaceResponse }) {
  const categories = useWorkspaceCategories()
  const refresh = useRefreshOwnerData()
  const [editing, setEditing] = useState<Category | null | undefined>(undefined)
  const [deleting, setDeleting] = useState<Category | null>(null)

  useErrorToast(categories, 'Error loading category')

  const remove = useMutation({
    mutationFn: ({ c, moveTo }: { c: Category; moveTo: string }) => deleteCategory(c.id, moveTo || undefined),
    onSuccess: () => {
      toast.success('Category deleted')
      setDeleting(null)
      void refresh()
    },
    onError: (err) => {
      toast.error('Error deleting category', { description: errorMessage(err) })
      setDeleting(null)
    },
  })

  const list = categories.data ?? []
  // Admins (unlimited) have no category cap.
  const max = data.usage?.unlimited ? 0 : (data.plan?.maxCategories ?? 0)
  const addButton = (
    <Button onClick={() => setEditing(null)}>
      <Plus aria-hidden="true" /> Add Category
    </Button>
  )

  const body = (
    <QueryState
      query={categories}
      loading={<LoadingRows count={4} />}
      empty={<EmptyState icon={<FolderTree className="size-6" aria-hidden="true" />} title="No categories yet" description="Add one to start filing posts." action={addButton} />}
    >
      {() => (
        <>
          {/* Phones: cards */}
          <ul className="grid gap-3 md:hidden" aria-label="Categories">
            {list.map((c) => (
              <li key={c.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{c.name}</p>
                    <p className="font-mono text-xs text-slate-500">{c.slug}</p>
                  </div>
                  <Swatch color={c.colorHex} />
                </div>
                {c.description && <p className="mt-2 text-sm text-slate-600">{c.description}</p>}
                <RowActions c={c} onEdit={() => setEditing(c)} onDelete={() => setDeleting(c)} className="mt-3 justify-end border-t border-slate-100 pt-2" />
              </li>
            ))}
          </ul>

          {/* Tablets and up: table */}
          <DataTable
            caption="Categories"
            className="md:block"
            columns={[
              'Name',
              'Slug',
              'Description',
              'Color',
              { label: 'Actions', align: 'right' },
            ]}
          >
            {list.map((c) => (
              <tr key={c.id} className="hover:bg-slate-50">
                <td className="px-4 py-3 font-medium text-slate-900">{c.name}</td>
                <td className="px-4 py-3 font-mono text-xs text-slate-600">{c.slug}</td>
                <td className="px-4 py-3 text-slate-600">
                  <span className="line-clamp-2">{c.description || '—'}</span>
                </td>
                <td className="whitespace-nowrap px-4 py-3">
                  <Swatch color={c.colorHex} />
                </td>
                <td className="px-2 py-1.5">
                  <RowActions c={c} onEdit={() => setEditing(c)} onDelete={() => setDeleting(c)} className="justify-end" />
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </QueryState>
  )

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {categories.data ? `${list.length} ${list.length === 1 ? 'category' : 'categories'}` : 'Loading...'}
          {max > 0 && categories.data ? ` of ${max} on the ${data.plan.name || 'Starter'} plan` : ''}
        </p>
        {list.length > 0 && addButton}
      </div>
      {body}
      <CategoryDialog category={editing} onClose={() => setEditing(undefined)} onSaved={() => { setEditing(undefined); void refresh() }} />
      <DeleteCategoryDialog
        category={deleting}
        categories={list}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={(c, moveTo) => remove.mutate({ c, moveTo })}
      />
    </>
  )
}

/** 'Category Management' at /dashboard/categories (owners) and /admin/categories (admins). */
export function CategoriesScreen({ area }: { area: DeskArea }) {
  usePageMeta('Category Management')
  return (
    <DeskScreen
      area={area}
      ownerPath="/dashboard/categories"
      adminPath="/admin/categories"
      title="Category Management"
      subtitle="The categories of your blog, its menus and its feeds."
    >
      {(data) => <CategoriesPanel data={data} />}
    </DeskScreen>
  )
}
