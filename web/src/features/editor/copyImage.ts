/** Copies a pasted image into the blog's media library: a web address by the server, a data: image by upload. */
import { importMedia, uploadMedia } from '@/api/endpoints'
import { isApiError } from '@/api/client'
import { checkImageFile, MSG_NOT_IMAGE } from '@/lib/upload'
import { dataUriFile, type PastedImage } from './pastedImages'

/** How often a copy refused for busy image work (503) is tried again, and the first wait. */
const BUSY_TRIES = 3
const BUSY_WAIT_MS = 1500

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A file name from alt text (the library lists images by name), or a plain one. */
function fileBase(alt: string): string {
  const name = alt.replace(/\s+/g, ' ').replace(/[/\\]/g, '-').trim().slice(0, 100).trim()
  return name || 'pasted-image'
}

async function copyOnce({ src, alt }: PastedImage): Promise<string> {
  if (!/^data:/i.test(src.trim())) return (await importMedia(src, alt)).url
  const file = dataUriFile(src, fileBase(alt))
  if (!file) throw new Error(MSG_NOT_IMAGE.description)
  const refused = checkImageFile(file)
  if (refused) throw new Error(refused.description)
  return (await uploadMedia(file, alt)).item.fileUrl
}

/** The image's address in the library; throws with the reason to show when it cannot be copied. */
export async function copyToLibrary(image: PastedImage, waitMs = BUSY_WAIT_MS): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await copyOnce(image)
    } catch (err) {
      // Other uploads hold the server's image memory: come back shortly rather than fail the paste.
      if (!isApiError(err, 503) || attempt >= BUSY_TRIES) throw err
      await wait(waitMs * attempt)
    }
  }
}
