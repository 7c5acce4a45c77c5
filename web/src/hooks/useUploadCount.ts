import { useCallback, useState } from 'react'

/** Counts the uploads under way in a form: `uploading` while any runs; `onBusyChange` for each uploader. */
export function useUploadCount() {
  const [uploads, setUploads] = useState(0)
  const onBusyChange = useCallback((busy: boolean) => setUploads((n) => Math.max(0, n + (busy ? 1 : -1))), [])
  return { uploading: uploads > 0, onBusyChange }
}
