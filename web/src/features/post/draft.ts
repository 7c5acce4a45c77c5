/**
 * The post desk's form: a draft of every editable field, what changed since the last save
 * (the PATCH to send), and how a save's answer folds back in.
 */
import type { Post, PostInput, PostPatch } from '@/api/types'
import { newBanner, toBanners, validateBanners, type BannerDraft } from '@/lib/banners'
import { parseKeywords } from '@/lib/keywords'

export interface PostDraft {
  title: string
  /** The body's HTML, as the editor gives it. */
  content: string
  category: string
  /** Tags as typed: comma-separated. */
  tags: string
  coverImageUrl: string
  /** A library image chosen as cover: sent as mediaId until the server names its URL. */
  coverMediaId: number | null
  coverAlt: string
  metaTitle: string
  metaDescription: string
  slug: string
  banners: BannerDraft[]
  /** E-mail the post to the blog's subscribers when it goes live (until it has been sent). */
  sendNewsletter: boolean
}

/**
 * A post's form. A new post is e-mailed to subscribers when the blog's newsletters are on
 * (newsletterDefault); an existing one unless its owner said no.
 */
export function draftFromPost(post: Post | null, defaultCategory = '', newsletterDefault = true): PostDraft {
  return {
    title: post?.title ?? '',
    content: post ? (post.rawContent ?? post.content ?? '') : '',
    category: post?.category ?? defaultCategory,
    tags: (post?.tags ?? []).join(', '),
    coverImageUrl: post?.coverImageUrl ?? '',
    coverMediaId: null,
    coverAlt: post?.coverAlt ?? '',
    metaTitle: post?.metaTitle ?? '',
    metaDescription: post?.metaDescription ?? '',
    slug: post?.slug ?? '',
    banners: (post?.banners ?? []).map((b) => ({ ...newBanner(), imageUrl: b.imageUrl, linkUrl: b.linkUrl, text: b.text ?? '' })),
    sendNewsletter: post ? post.newsletter !== 'off' : newsletterDefault,
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The fields of `draft` that differ from `base`, as a PATCH body (empty when nothing changed). */
export function changes(draft: PostDraft, base: PostDraft): PostPatch {
  const p: PostPatch = {}
  if (draft.title.trim() !== base.title.trim()) p.title = draft.title.trim()
  if (draft.content !== base.content) p.content = draft.content
  if (draft.category !== base.category) p.category = draft.category
  const tags = parseKeywords(draft.tags)
  if (!same(tags, parseKeywords(base.tags))) p.tags = tags
  if (draft.coverMediaId !== null) p.mediaId = draft.coverMediaId
  else if (draft.coverImageUrl !== base.coverImageUrl) p.coverImageUrl = draft.coverImageUrl
  if (draft.coverAlt.trim() !== base.coverAlt.trim()) p.coverAlt = draft.coverAlt.trim()
  if (draft.metaTitle.trim() !== base.metaTitle.trim()) p.metaTitle = draft.metaTitle.trim()
  if (draft.metaDescription.trim() !== base.metaDescription.trim()) p.metaDescription = draft.metaDescription.trim()
  if (draft.slug.trim() !== base.slug.trim()) p.slug = draft.slug.trim()
  const banners = toBanners(draft.banners)
  if (!same(banners, toBanners(base.banners))) p.banners = banners
  if (draft.sendNewsletter !== base.sendNewsletter) p.sendNewsletter = draft.sendNewsletter
  return p
}

export function isDirty(draft: PostDraft, base: PostDraft): boolean {
  return Object.keys(changes(draft, base)).length > 0
}

/** An autosave leaves banners that are still being filled in for later. */
export function autosaveDraft(draft: PostDraft, base: PostDraft): PostDraft {
  return validateBanners(draft.banners).errors ? { ...draft, banners: base.banners } : draft
}

/** A new post's body: every field that is set, and whether it is e-mailed (always said). */
export function toPostInput(draft: PostDraft, status: Pick<PostInput, 'status' | 'publishAt'> = {}): PostInput {
  const blank = draftFromPost(null, '', draft.sendNewsletter)
  const set = changes(draft, { ...blank, category: draft.category })
  return { ...set, title: draft.title.trim(), content: draft.content, category: draft.category, sendNewsletter: draft.sendNewsletter, ...status }
}

/**
 * After a save: the new baseline is what was sent, with the values only the server knows (the slug
 * it made, the cover URL of a library image). The draft takes those too, unless it changed them
 * again while the save was under way.
 */
export function afterSave(sent: PostDraft, current: PostDraft, saved: Post): { base: PostDraft; draft: PostDraft } {
  const server = { slug: saved.slug ?? '', coverImageUrl: saved.coverImageUrl ?? '', coverMediaId: null }
  const base = { ...sent, ...server }
  const draft = { ...current }
  if (current.slug === sent.slug) draft.slug = server.slug
  if (current.coverImageUrl === sent.coverImageUrl && current.coverMediaId === sent.coverMediaId) {
    draft.coverImageUrl = server.coverImageUrl
    draft.coverMediaId = null
  }
  return { base, draft }
}
