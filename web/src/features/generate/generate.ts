/** The generate-post form: choices, validation and the request body (docs/product.md). */
import type { GenerateInput } from '@/api/types'
import { MSG_BAD_LINK, toBanners, validateBanners, type BannerDraft, type BannerErrors } from '@/lib/banners'
import { MSG_MISSING } from '@/lib/forms'
import { parseKeywords } from '@/lib/keywords'

export type InputMode = 'topic' | 'title'
export type ImageMode = 'none' | 'upload' | 'library' | 'ai'

export const TONES = [
  { value: 'professional', label: 'Professional' },
  { value: 'casual', label: 'Casual' },
  { value: 'authoritative', label: 'Authoritative' },
] as const

export const LENGTHS = [
  { value: 'short', label: 'Short', words: 800 },
  { value: 'medium', label: 'Medium', words: 1500 },
  { value: 'long', label: 'Long', words: 2500 },
] as const

/** What happens once the post is written: live at once (the default), or a draft to review first. */
export type PublishChoice = 'published' | 'draft'

export const PUBLISH_CHOICES: { value: PublishChoice; label: string; hint: string }[] = [
  { value: 'published', label: 'Publish now', hint: 'Goes live on your blog' },
  { value: 'draft', label: 'Save as draft', hint: 'Review it before it goes live' },
]

export const IMAGE_MODES: { value: ImageMode; label: string; hint: string }[] = [
  { value: 'none', label: 'None', hint: 'No featured image' },
  { value: 'upload', label: 'Upload', hint: 'From your device' },
  { value: 'library', label: 'Library', hint: 'From your media library' },
  { value: 'ai', label: 'AI generated', hint: 'Drawn for this post' },
]

export interface GenerateForm {
  category: string
  inputMode: InputMode
  topic: string
  keywords: string
  tone: string
  length: string
  generateImages: boolean
  imageMode: ImageMode
  imageUrl: string
  imageName: string
  imageSize: number
  mediaId: number | null
  banners: BannerDraft[]
  status: PublishChoice
}

export function emptyForm(category = ''): GenerateForm {
  return {
    category,
    inputMode: 'topic',
    topic: '',
    keywords: '',
    tone: 'professional',
    length: 'medium',
    generateImages: true,
    imageMode: 'none',
    imageUrl: '',
    imageName: '',
    imageSize: 0,
    mediaId: null,
    banners: [],
    status: 'published',
  }
}

/** Image modes on offer: 'ai' only while 'Generate images' is on. */
export function imageModes(generateImages: boolean) {
  return generateImages ? IMAGE_MODES : IMAGE_MODES.filter((m) => m.value !== 'ai')
}

export type FieldErrors = Partial<Record<'category' | 'topic' | 'tone' | 'length' | 'image', string>> & {
  banners?: BannerErrors
}

export interface Validation {
  errors: FieldErrors
  /** The toast to show, or null when the form may be sent. */
  toast: { title: string; description: string } | null
}

/**
 * Required: category, topic or title, tone and length. The chosen image mode needs its image;
 * each banner needs an image and an http(s) link.
 */
export function validateGenerate(form: GenerateForm): Validation {
  const errors: FieldErrors = {}
  if (!form.category) errors.category = 'Choose a category'
  if (!form.topic.trim()) errors.topic = form.inputMode === 'title' ? 'Enter a title' : 'Enter a topic'
  if (!form.tone) errors.tone = 'Choose a tone'
  if (!form.length) errors.length = 'Choose a length'
  if (form.imageMode === 'upload' && !form.imageUrl) errors.image = 'Upload an image or choose another option'
  if (form.imageMode === 'library' && !form.mediaId) errors.image = 'Pick an image or choose another option'
  if (form.imageMode === 'ai' && !form.generateImages) errors.image = 'Turn on image generation or choose another option'

  const b = validateBanners(form.banners)
  if (b.errors) errors.banners = b.errors

  const missing = Boolean(errors.category || errors.topic || errors.tone || errors.length || errors.image) || b.missing
  const toast = missing ? MSG_MISSING : b.badLink ? MSG_BAD_LINK : null
  return { errors, toast }
}

/** The request body for POST /api/workspace/posts/generate. */
export function toGenerateInput(form: GenerateForm): GenerateInput {
  const banners = toBanners(form.banners)
  const imageMode = form.imageMode === 'ai' && !form.generateImages ? 'none' : form.imageMode
  return {
    category: form.category,
    topic: form.topic.trim(),
    inputMode: form.inputMode,
    keywords: parseKeywords(form.keywords).join(', '),
    tone: form.tone,
    length: form.length,
    imageMode,
    ...(imageMode === 'upload' ? { imageUrl: form.imageUrl } : {}),
    ...(imageMode === 'library' && form.mediaId ? { mediaId: form.mediaId } : {}),
    banners,
    generateImages: form.generateImages,
    status: form.status,
  }
}
