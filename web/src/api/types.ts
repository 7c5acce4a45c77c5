/** Types of the InkPress HTTP API (docs/api.md). */

export type PlanTier = 'starter' | 'professional' | 'agency' | 'admin'
export type TemplateId = 'template-1' | 'template-2' | 'template-3'

export interface User {
  id: number
  email: string
  name: string
}

export interface Workspace {
  id: number
  name: string
  slug: string
  planTier: PlanTier
  status: string
  customDomain: string
  createdAt: string
}

export interface Me {
  user: User | null
  isAdmin: boolean
  workspace: Workspace | null
  onboardingCompleted: boolean
}

export interface Settings {
  blogTitle: string
  blogDescription: string
  templateId: TemplateId
  primaryColor: string
  fontFamily: string
  onboardingCompleted: boolean
}

export interface Category {
  id: number
  name: string
  slug: string
  description: string
  colorHex: string
  gradient: string
  postCount: number
}

export interface PostSummary {
  id: number
  title: string
  slug: string
  category: string
  categoryName: string
  excerpt: string
  coverImageUrl: string
  tags: string[]
  readMinutes: number
  publishedAt: string
  updatedAt: string
  viewCount: number
  workspaceSlug: string
  url: string
}

export interface Post extends PostSummary {
  content: string
  metaTitle: string
  metaDescription: string
  canonicalUrl: string
}

export interface Plan {
  id: string
  name: string
  betaPrice: number
  regularPrice: number
  postsPerMonth: number
  imagesPerMonth: number
  maxCategories: number
  features: string[]
}

export interface SiteInfo {
  name: string
  tagline: string
  siteWorkspace: string
  baseUrl: string
  /** Slug of the workspace whose custom domain this host is (its blog is served at "/"), else "". */
  blog?: string
}

export interface PlansResponse {
  plans: Plan[]
  trialDays: number
  trialPosts: number
  trialImages: number
}

export interface PostsPage {
  posts: PostSummary[]
  page: number
  hasMore: boolean
}

export interface PostResponse {
  post: Post
  related: PostSummary[]
}

export interface BlogResponse {
  workspace: { name: string; slug: string }
  settings: Settings
  categories: Category[]
}

export interface Usage {
  month: string
  postsGenerated: number
  postsLimit: number
  imagesGenerated: number
  imagesLimit: number
  trial: boolean
  unlimited: boolean
}

export interface WorkspaceResponse {
  workspace: Workspace
  settings: Settings
  usage: Usage
  plan: Plan
  blogUrl: string
  rssUrl: string
}

export interface OwnerPostsResponse {
  posts: PostSummary[]
  total: number
}

export interface MediaItem {
  id: number
  fileName: string
  fileUrl: string
  fileSize: number
  mimeType: string
  createdAt: string
}

export interface NewCategory {
  name: string
  slug: string
  colorHex: string
  description: string
}

export interface OnboardingInput {
  blogTitle: string
  blogDescription: string
  categories: NewCategory[]
  primaryColor: string
  fontFamily: string
  templateId?: TemplateId
}

export interface SettingsInput {
  blogTitle: string
  blogDescription: string
  templateId: TemplateId
  primaryColor: string
  fontFamily: string
}

export interface GenerateInput {
  category: string
  topic: string
  inputMode: 'topic' | 'title'
  keywords: string
  tone: string
  length: string
  imageMode: 'none' | 'upload' | 'library' | 'ai'
  imageUrl?: string
  mediaId?: number
  banners: Banner[]
  generateImages: boolean
}

/** A post as its owner sees it: the editable body (without banners) and the banners. */
export interface OwnerPost extends Post {
  rawContent?: string
  banners?: Banner[]
}

export interface Banner {
  imageUrl: string
  linkUrl: string
  text?: string
}

export interface GenerateResponse {
  post: OwnerPost
  usage: Usage
  /** Set when the AI cover could not be drawn; the post was saved without one. */
  imageError?: string
}

export interface UploadResponse {
  url: string
  mimeType: string
  size: number
}

// ---- Scheduling ----
export type InputMode = 'topic' | 'title'
export type Frequency = 'once' | 'daily' | 'weekly'
export type ScheduleStatus = 'pending' | 'completed' | 'failed'

export interface ScheduledPost {
  id: number
  category: string
  /** null: the AI picks a random topic. */
  topic: string | null
  inputMode: InputMode
  scheduledFor: string
  frequency: Frequency
  status: ScheduleStatus
  generateImage: boolean
  banners: Banner[]
  /** The last failure, if any. */
  error: string
  postId: number | null
}

export interface ScheduleInput {
  category: string
  topic: string | null
  inputMode: InputMode
  scheduledFor: string
  frequency: Frequency
  generateImage: boolean
  banners: Banner[]
}

export interface BulkScheduleInput {
  category: string
  topic: string
  inputMode: InputMode
  /** 'YYYY-MM-DD' or RFC 3339. */
  startDate: string
  count: number
  generateImage: boolean
}

// ---- Admin ----
export interface AdminUsage {
  postsGenerated: number
  postsLimit: number
  imagesGenerated: number
  imagesLimit: number
}

export interface AdminWorkspace extends Workspace {
  ownerEmail: string
  /** This month's usage row, or null when there is none ('No data'). */
  usage: AdminUsage | null
}

export interface AdminPostsResponse {
  posts: PostSummary[]
  total: number
}
