import { api, type RequestOptions } from './client'
import type { PreviewResponse } from './types'

/** Query key of a post's private preview (not shared with the public post queries). */
export const previewKey = (id: string, token: string) => ['preview', id, token] as const

/**
 * A post through its private preview link, whatever its status: GET /api/preview/{id}/{token}.
 * Never counts a view; answers 404 once the link has expired or been replaced.
 */
export const getPreview = (id: string, token: string, signal?: RequestOptions['signal']) =>
  api<PreviewResponse>(`/api/preview/${encodeURIComponent(id)}/${encodeURIComponent(token)}`, { signal })
