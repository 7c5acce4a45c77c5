/** The owner's and the admin's desks: their sections, addresses and a few shared rules and texts. */
import type { ComponentType } from 'react'
import {
  CalendarClock,
  FileText,
  FolderTree,
  ImageIcon,
  LayoutDashboard,
  LayoutGrid,
  Settings,
  Users,
} from 'lucide-react'
import type { WorkspaceResponse } from '@/api/types'
import { countOf } from '@/lib/plural'

/** A post's own screen: edit, review and publish (/dashboard/posts/{id}). */
export const postScreenPath = (id: number) => `/dashboard/posts/${id}`

/** A new hand-written post. */
export const NEW_POST_PATH = '/dashboard/posts/new'

/** My Posts showing only the drafts. */
export const DRAFTS_PATH = '/dashboard/posts?status=draft'

export interface DeskLink {
  to: string
  label: string
  icon: ComponentType<{ 'aria-hidden'?: boolean | 'true' }>
  /** Paths (and everything under them) where this item is the current one; default: `to` and below. */
  match?: string[]
  /** Only `to` itself, not the paths below it. */
  end?: boolean
}

/** The owner's desk: every screen works on the signed-in owner's workspace. */
export const OWNER_LINKS: DeskLink[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  // A post's own screen (/dashboard/posts/{id}) and the readers' grid belong to Posts.
  { to: '/dashboard/posts', label: 'Posts', icon: FileText, match: ['/dashboard/posts', '/dashboard/all-posts'] },
  { to: '/dashboard/schedule', label: 'Schedule', icon: CalendarClock },
  { to: '/dashboard/categories', label: 'Categories', icon: FolderTree },
  { to: '/dashboard/media', label: 'Media library', icon: ImageIcon },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
]

/**
 * The admin's desk: the same screens on the site workspace (the spec's /admin/... routes where it
 * has them), plus the platform-wide Users and All posts.
 */
export const ADMIN_LINKS: DeskLink[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/dashboard/posts', label: 'Posts', icon: FileText, match: ['/dashboard/posts', '/dashboard/all-posts'] },
  { to: '/admin/schedule', label: 'Schedule', icon: CalendarClock },
  { to: '/admin/categories', label: 'Categories', icon: FolderTree },
  { to: '/admin/media-library', label: 'Media library', icon: ImageIcon },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/all-posts', label: 'All blogs', icon: LayoutGrid },
]

export function isCurrent(pathname: string, link: DeskLink): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (link.end) return path === link.to
  return (link.match ?? [link.to]).some((p) => path === p || path.startsWith(`${p}/`))
}

/** The plan an admin (or a workspace on the admin plan) is shown. */
export const ADMIN_PLAN = 'Admin - Unlimited Access'

/**
 * Whether the workspace runs without limits: the signed-in user is an admin (who runs the site
 * workspace), the workspace is on the admin plan, or the server says its usage is unlimited.
 */
export function isUnlimitedDesk(data: WorkspaceResponse, isAdmin: boolean): boolean {
  return isAdmin || data.site || data.workspace.planTier === 'admin' || Boolean(data.usage.unlimited)
}

/** 'You have 1 draft to review' / 'You have N drafts to review'. */
export function draftsToReview(n: number): string {
  return `You have ${countOf(n, 'draft')} to review`
}
