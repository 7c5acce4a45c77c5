import type { AdminPostsQuery, OwnerPostsQuery, PostsQuery } from './endpoints'
import type { SubscribersQuery } from './newsletter'

/** Query keys in one place so mutations can invalidate precisely. */
export const qk = {
  me: ['me'] as const,
  site: ['site'] as const,
  plans: ['plans'] as const,
  categories: (workspace?: string) => ['categories', workspace ?? ''] as const,
  posts: (q: PostsQuery) => ['posts', q] as const,
  postsInfinite: (q: Omit<PostsQuery, 'page'>) => ['posts', 'infinite', q] as const,
  post: (category: string, slug: string, workspace?: string) => ['post', workspace ?? '', category, slug] as const,
  blog: (workspace: string) => ['blog', workspace] as const,
  author: (workspace: string, slug: string) => ['author', workspace, slug] as const,
  brand: ['workspace', 'brand'] as const,
  authorProfile: ['workspace', 'author'] as const,
  workspace: ['workspace'] as const,
  address: (kind: 'address' | 'name', value: string) => ['workspace', 'address', kind, value] as const,
  workspaceCategories: ['workspace', 'categories'] as const,
  ownerPosts: (q: OwnerPostsQuery) => ['workspace', 'posts', q] as const,
  /** Every owner post list and post (prefix for invalidation). */
  ownerPostsAll: ['workspace', 'posts'] as const,
  ownerPostsInfinite: (q: Omit<OwnerPostsQuery, 'page'>) => ['workspace', 'posts', 'infinite', q] as const,
  ownerPost: (id: number) => ['workspace', 'post', id] as const,
  postRevisions: (id: number) => ['workspace', 'post', id, 'revisions'] as const,
  media: ['workspace', 'media'] as const,
  scheduled: ['workspace', 'scheduled'] as const,
  domain: ['workspace', 'domain'] as const,
  /** Every page of the owner's subscriber list (prefix for invalidation). */
  subscribersAll: ['workspace', 'subscribers'] as const,
  subscribers: (q: Omit<SubscribersQuery, 'page'>) => ['workspace', 'subscribers', q] as const,
  /** A reader's link, opened once: its answer is kept (a token works once). */
  /** Every generation job query (prefix for invalidation). */
  jobsAll: ['workspace', 'jobs'] as const,
  jobs: ['workspace', 'jobs', 'recent'] as const,
  job: (id: number) => ['workspace', 'jobs', id] as const,
  adminWorkspaces: ['admin', 'workspaces'] as const,
  adminPostsInfinite: (q: Omit<AdminPostsQuery, 'page'>) => ['admin', 'posts', 'infinite', q] as const,
}
