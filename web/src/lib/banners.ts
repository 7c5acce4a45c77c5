/** Banner ads of a post (generate dialog and scheduler): drafts, validation and the API shape. */
import type { Banner } from '@/api/types'
import { LIMITS } from '@/api/types'

export const MAX_BANNERS = LIMITS.bannersMax

export const MSG_BAD_LINK = { title: 'Invalid link', description: 'Banner links must start with http:// or https://' }

export interface BannerDraft {
  key: string
  imageUrl: string
  fileName: string
  linkUrl: string
  text: string
}

export type BannerErrors = Record<string, { image?: string; link?: string }>

let bannerSeq = 0
export function newBanner(): BannerDraft {
  bannerSeq += 1
  return { key: `banner-${bannerSeq}`, imageUrl: '', fileName: '', linkUrl: '', text: '' }
}

/** http:// or https:// URLs only. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value.trim())
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname)
  } catch {
    return false
  }
}

/**
 * Each banner needs an image and an http(s) link. `missing`: something is not filled in;
 * `badLink`: a link is not http(s).
 */
export function validateBanners(list: BannerDraft[]): { errors?: BannerErrors; missing: boolean; badLink: boolean } {
  let badLink = false
  const banners: BannerErrors = {}
  for (const b of list) {
    const e: { image?: string; link?: string } = {}
    if (!b.imageUrl) e.image = 'Upload the banner image'
    if (!b.linkUrl.trim()) e.link = 'Enter the link'
    else if (!isHttpUrl(b.linkUrl)) {
      e.link = 'The link must start with http:// or https://'
      badLink = true
    }
    if (e.image || e.link) banners[b.key] = e
  }
  const missing = Object.values(banners).some((e) => e.image || (e.link && !badLink))
  return { errors: Object.keys(banners).length ? banners : undefined, missing, badLink }
}

/** Banner drafts as the API takes them. */
export function toBanners(list: BannerDraft[]): Banner[] {
  return list.map((b) => {
    const text = b.text.trim()
    return { imageUrl: b.imageUrl, linkUrl: b.linkUrl.trim(), ...(text ? { text } : {}) }
  })
}

/** The errors without those of one banner (the same object when it had none). */
export function withoutBannerErrors(errors: BannerErrors | undefined, key: string): BannerErrors | undefined {
  if (!errors?.[key]) return errors
  const rest = { ...errors }
  delete rest[key]
  return rest
}
