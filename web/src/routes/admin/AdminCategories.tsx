/**
 * /admin/categories — 'Category Management' with Dashboard and Logout: the site workspace's
 * categories with add, edit and delete. Owners are sent to /dashboard/categories (same screen).
 */
import { CategoriesScreen } from '@/components/owner/CategoriesPanel'

export default function AdminCategories() {
  return <CategoriesScreen area="admin" />
}
