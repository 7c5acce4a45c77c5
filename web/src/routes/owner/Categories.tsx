/** /dashboard/categories — the owner's 'Category Management' (the screen /admin/categories shows admins). */
import { CategoriesScreen } from '@/components/owner/CategoriesPanel'

export default function OwnerCategories() {
  return <CategoriesScreen area="owner" />
}
