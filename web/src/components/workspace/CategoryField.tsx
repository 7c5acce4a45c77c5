import type { Category } from '@/api/types'
import { Field } from '@/components/ui/field'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'

/** The workspace's categories as a labelled select (generate, schedule and bulk-schedule forms). */
export function CategoryField({
  id,
  value,
  onChange,
  categories,
  loading,
  error,
  invalid,
  className,
}: {
  id: string
  value: string
  onChange: (slug: string) => void
  categories: Category[]
  loading: boolean
  error?: string
  /** Marks the select invalid without a message under it (the form toasts instead). */
  invalid?: boolean
  className?: string
}) {
  return (
    <Field id={id} label="Category" error={error} className={className}>
      {(aria) => (
        <Select value={value} onValueChange={onChange}>
          <SelectTrigger {...aria} {...(invalid ? { 'aria-invalid': true as const } : {})}>
            <SelectValue placeholder={loading ? 'Loading categories...' : 'Choose a category'} />
          </SelectTrigger>
          <SelectContent>
            {categories.map((c) => (
              <SelectItem key={c.slug} value={c.slug}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  )
}
