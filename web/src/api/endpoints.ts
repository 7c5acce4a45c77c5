import { api } from './client'
import type {
  AddressCheck,
  AddressResponse,
  AdminPostsResponse,
  AuthorPage,
  AuthorProfileInput,
  AuthorProfileResponse,
  BrandInput,
  BrandResponse,
  AdminWorkspace,
  BlogResponse,
  BulkScheduleInput,
  Category,
  CoverResponse,
  DomainResponse,
  GenerateInput,
  JobResponse,
  JobsResponse,
  MediaImportResponse,
  MediaItem,
  Me,
  NewCategory,
  OnboardingInput,
  OwnerPost,
  OwnerPostResponse,
  OwnerPostsResponse,
  PostInput,
  PostPatch,
  PostResponse,
  PostsPage,
  PlanTier,
  PlansResponse,
  RevisionsResponse,
  ScheduleInput,
  PlannedPost,
  Settings,
  SettingsInput,
  SiteInfo,
  UploadResponse,
  Workspace,
  WorkspaceResponse,
} from './types'

const seg = encodeURIComponent

// ---- Public ----
export const getSite = () => api<SiteInfo>('/api/site')
export const getPlans = () => api<PlansResponse>('/api/plans')

export const getCategories = (workspace?: string) =>
  api<{ categories: Category[] }>('/api/categories', { query: { workspace } }).then((r) => r.categories ?? [])

export interface PostsQuery {
  workspace?: string
  category?: string
  /** A tag's URL segment (PostSummary.tagSlugs). */
  tag?: string
  /** Search text: the blog's public posts holding every word (title matches first). */
  q?: string
  sort?: 'latest' | 'trending'
  limit?: number
  page?: number
}

export const getPosts = (q: PostsQuery = {}, signal?: AbortSignal) =>
  api<PostsPage>('/api/posts', { query: { ...q }, signal })

/** view asks the server to count a page view (see lib/views.ts). */
export const getPost = (category: string, slug: string, workspace?: string, view = false) =>
  api<PostResponse>(`/api/posts/${seg(category)}/${seg(slug)}`, { query: { workspace, view: view ? '1' : undefined } })

export const getBlog = (workspace: string) => api<BlogResponse>(`/api/blogs/${seg(workspace)}`)

/** An author's page on a blog: the author and one page of their posts there (404 when none). */
export const getAuthorPage = (slug: string, q: { workspace?: string; page?: number; limit?: number }, signal?: AbortSignal) =>
  api<AuthorPage>(`/api/authors/${seg(slug)}`, { query: { ...q }, signal })

/** workspace names the blog whose list the address joins; left out, the blog at this host's root. */
/** Where a newsletter form posts without JavaScript (fields email, workspace, back); the app sends JSON to /api/subscribers. */
export const SUBSCRIBE_FORM_PATH = '/api/subscribers/form'
export const subscribe = (email: string, workspace?: string) =>
  api<{ ok: boolean }>('/api/subscribers', { method: 'POST', body: workspace ? { email, workspace } : { email } })

// ---- Auth ----
export const getMe = () => api<Me>('/api/auth/me')

export interface SignupInput {
  name: string
  email: string
  password: string
  blogName?: string
}

export const signup = (input: SignupInput) => api<Me>('/api/auth/signup', { method: 'POST', body: input })
export const login = (email: string, password: string) =>
  api<Me>('/api/auth/login', { method: 'POST', body: { email, password } })
export const logout = () => api<void>('/api/auth/logout', { method: 'POST' })
/** An admin's desk: the platform's blog ('site') or the blog they own ('own', Me.ownBlog). */
export const setDesk = (blog: 'site' | 'own') => api<Me>('/api/auth/desk', { method: 'PUT', body: { blog } })

// ---- Owner ----
export const getWorkspace = () => api<WorkspaceResponse>('/api/workspace')
export const getBrand = () => api<BrandResponse>('/api/workspace/brand').then((r) => r.brand)
export const updateBrand = (input: BrandInput) =>
  api<BrandResponse>('/api/workspace/brand', { method: 'PUT', body: input }).then((r) => r.brand)
export const getAuthorProfile = () => api<AuthorProfileResponse>('/api/workspace/author').then((r) => r.profile)
export const updateAuthorProfile = (input: AuthorProfileInput) =>
  api<AuthorProfileResponse>('/api/workspace/author', { method: 'PUT', body: input }).then((r) => r.profile)
export const updateSettings = (input: SettingsInput) =>
  api<{ settings: Settings }>('/api/workspace/settings', { method: 'PUT', body: input })
export const completeOnboarding = (input: OnboardingInput) =>
  api<{ settings: Settings }>('/api/onboarding', { method: 'POST', body: input })
/** Whether the caller's blog may take an address, or (name) the free address a blog name suggests. */
export const checkAddress = (q: { address: string } | { name: string }, signal?: AbortSignal) =>
  api<AddressCheck>('/api/workspace/address', { query: q, signal })
export const changeAddress = (address: string) =>
  api<AddressResponse>('/api/workspace/address', { method: 'PUT', body: { address } })
export const skipOnboarding = () => api<{ settings: Settings }>('/api/onboarding/skip', { method: 'POST', body: {} })

export const getWorkspaceCategories = () =>
  api<{ categories: Category[] }>('/api/workspace/categories').then((r) => r.categories ?? [])
export const createCategory = (input: NewCategory) =>
  api<{ category: Category }>('/api/workspace/categories', { method: 'POST', body: input })
export const updateCategory = (id: number, input: Omit<NewCategory, 'slug'>) =>
  api<{ category: Category }>(`/api/workspace/categories/${id}`, { method: 'PUT', body: input })
/** Deletes a category; its posts move to the category `moveTo` (a slug), which the server requires when it has any. */
export const deleteCategory = (id: number, moveTo?: string) =>
  api<void>(`/api/workspace/categories/${id}${moveTo ? `?moveTo=${encodeURIComponent(moveTo)}` : ''}`, { method: 'DELETE' })

export interface OwnerPostsQuery {
  search?: string
  category?: string
  /** One status; 'public': what readers see (published, its time come). Absent: every post. */
  status?: 'draft' | 'scheduled' | 'published' | 'public'
  page?: number
  /** Page size (server default 50, max 100). */
  limit?: number
}
export const getOwnerPosts = (q: OwnerPostsQuery = {}) =>
  api<OwnerPostsResponse>('/api/workspace/posts', { query: { ...q } })
export const getOwnerPost = (id: number) => api<{ post: OwnerPost }>(`/api/workspace/posts/${id}`)
/** Edits a post; absent fields stay (see PostPatch: status publishes, schedules or unpublishes). */
export const updateOwnerPost = (id: number, patch: PostPatch) =>
  api<OwnerPostResponse>(`/api/workspace/posts/${id}`, { method: 'PATCH', body: patch })
/** A post written by hand; without a status it is a draft. */
export const createPost = (input: PostInput) =>
  api<OwnerPostResponse>('/api/workspace/posts', { method: 'POST', body: input })
/** A post's saved versions, newest first. */
export const getPostRevisions = (id: number) =>
  api<RevisionsResponse>(`/api/workspace/posts/${id}/revisions`).then((r) => r.revisions ?? [])
export const restoreRevision = (id: number, revision: number) =>
  api<OwnerPostResponse>(`/api/workspace/posts/${id}/revisions/${revision}/restore`, { method: 'POST' })
/** Draws a new AI cover from the post's saved title (uses the image quota; 402 at the limit). */
export const regenerateCover = (id: number) =>
  api<CoverResponse>(`/api/workspace/posts/${id}/cover`, { method: 'POST' })
/** Replaces the post's preview link: the old one stops working at once. */
export const newPreviewLink = (id: number) =>
  api<OwnerPostResponse>(`/api/workspace/posts/${id}/preview`, { method: 'POST' })
export const deleteOwnerPost = (id: number) => api<void>(`/api/workspace/posts/${id}`, { method: 'DELETE' })
export const bulkDeletePosts = (ids: number[]) =>
  api<{ deleted: number }>('/api/workspace/posts/bulk-delete', { method: 'POST', body: { ids } })

export const uploadFile = (file: File, purpose: 'featured' | 'banner') => {
  const fd = new FormData()
  fd.append('file', file)
  fd.append('purpose', purpose)
  return api<UploadResponse>('/api/workspace/uploads', { method: 'POST', body: fd })
}

export const getMedia = () => api<{ items: MediaItem[]; limit: number }>('/api/workspace/media')
export const uploadMedia = (file: File, alt?: string) => {
  const fd = new FormData()
  fd.append('file', file)
  if (alt) fd.append('alt', alt)
  return api<{ item: MediaItem }>('/api/workspace/media', { method: 'POST', body: fd })
}
/** Copies an image of another site (a pasted one) into the library with its alt text. */
export const importMedia = (url: string, alt: string) =>
  api<MediaImportResponse>('/api/workspace/media/import', { method: 'POST', body: { url, alt } })
export const deleteMedia = (id: number) => api<void>(`/api/workspace/media/${id}`, { method: 'DELETE' })

/**
 * Queues a post for the AI: 202 with the job and the month's usage once the request is checked and
 * its usage reserved (400/402/429 refuse it at once). Follow the job with getJob.
 */
export const generatePost = (input: GenerateInput) =>
  api<JobResponse>('/api/workspace/posts/generate', { method: 'POST', body: input })

// ---- Custom domain ----
/** The blog's custom domain with the DNS records it needs (domain null when none). */
export const getDomain = () => api<DomainResponse>('/api/workspace/domain').then((r) => r.domain)
/** Sets the domain (pending until its TXT record is found); 400 invalid_domain, 403 on plans without it, 409 domain_taken. */
export const setDomain = (domain: string) =>
  api<DomainResponse>('/api/workspace/domain', { method: 'PUT', body: { domain } }).then((r) => r.domain)
/** Looks the TXT record up now: verified, or failed with the reason (429 when checked too often). */
export const verifyDomain = () =>
  api<DomainResponse>('/api/workspace/domain/verify', { method: 'POST' }).then((r) => r.domain)
export const removeDomain = () => api<void>('/api/workspace/domain', { method: 'DELETE' })

// ---- Generation jobs ----
export const getJob = (id: number) => api<JobResponse>(`/api/workspace/jobs/${id}`).then((r) => r.job)
/** The workspace's recent jobs (up to 20), newest first. */
export const getJobs = () => api<JobsResponse>('/api/workspace/jobs').then((r) => r.jobs ?? [])
/** Cancels a job: a queued one at once, a running one once its worker hears of it (409 job_finished when it is over). */
export const cancelJob = (id: number) =>
  api<JobResponse>(`/api/workspace/jobs/${id}/cancel`, { method: 'POST' }).then((r) => r.job)

// ---- Scheduling ----
export const getPlannedPosts = () =>
  api<{ items: PlannedPost[] }>('/api/workspace/scheduled').then((r) => r.items ?? [])
export const schedulePost = (input: ScheduleInput) =>
  api<{ item: PlannedPost }>('/api/workspace/scheduled', { method: 'POST', body: input })
export const bulkSchedulePosts = (input: BulkScheduleInput) =>
  api<{ items: PlannedPost[] }>('/api/workspace/scheduled/bulk', { method: 'POST', body: input })
export const retryPlannedPost = (id: number) =>
  api<{ item: PlannedPost }>(`/api/workspace/scheduled/${id}/retry`, { method: 'POST' })
export const deletePlannedPost = (id: number) => api<void>(`/api/workspace/scheduled/${id}`, { method: 'DELETE' })

// ---- Admin ----
export const getAdminWorkspaces = () =>
  api<{ workspaces: AdminWorkspace[] }>('/api/admin/workspaces').then((r) => r.workspaces ?? [])
export const updateWorkspacePlan = (id: number, planTier: PlanTier) =>
  api<{ workspace: Workspace }>(`/api/admin/workspaces/${id}/plan`, { method: 'PUT', body: { planTier } })

export interface AdminPostsQuery {
  page?: number
  limit?: number
  search?: string
}
export const getAdminPosts = (q: AdminPostsQuery = {}) =>
  api<AdminPostsResponse>('/api/admin/posts', { query: { ...q } })
