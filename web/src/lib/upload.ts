/** Rules for images picked for upload (featured images, banners, the media library). */
import { LIMITS } from '@/api/types'

export const MAX_UPLOAD_BYTES = LIMITS.uploadMaxBytes

export const MSG_TOO_LARGE = { title: 'File too large', description: 'Maximum file size is 5MB' }
export const MSG_NOT_IMAGE = { title: 'Invalid file type', description: 'Please upload an image file' }

/** The toast for a file that may not be uploaded, or null when it is an image of at most 5 MB. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) return MSG_NOT_IMAGE
  if (file.size > MAX_UPLOAD_BYTES) return MSG_TOO_LARGE
  return null
}
