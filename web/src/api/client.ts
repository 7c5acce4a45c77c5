/** Typed fetch client for the InkPress API: same-origin credentials, JSON, CSRF double-submit. */

export const CSRF_COOKIE = 'inkpress_csrf'
export const CSRF_HEADER = 'X-CSRF-Token'

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  /** The whole JSON answer, for errors that carry more than a message (an import's refused rows). */
  readonly body: unknown

  constructor(status: number, code: string, message: string, body?: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.body = body
  }
}

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status)
}

/** The message to show for any thrown value. */
export function errorMessage(err: unknown, fallback = 'Something went wrong'): string {
  if (err instanceof Error && err.message) return err.message
  return fallback
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null
  for (const part of document.cookie ? document.cookie.split(';') : []) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim())
      } catch {
        return part.slice(eq + 1).trim()
      }
    }
  }
  return null
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions {
  method?: Method
  /** JSON-serialisable body, or FormData for uploads (or a string sent as it is, with contentType). */
  body?: unknown
  /** Sends a string body unchanged under this Content-Type (a CSV file's text). */
  contentType?: string
  query?: Record<string, string | number | boolean | null | undefined>
  signal?: AbortSignal
}

const MUTATING = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE'])

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue
    params.set(k, String(v))
  }
  const qs = params.toString()
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path
}

async function parseError(res: Response): Promise<ApiError> {
  let code = 'http_error'
  let message = res.statusText || `Request failed (${res.status})`
  let data: unknown
  try {
    data = await res.json()
    const err = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error
    if (err && typeof err === 'object') {
      if (typeof err.code === 'string' && err.code) code = err.code
      if (typeof err.message === 'string' && err.message) message = err.message
    }
  } catch {
    // not JSON: keep the status text
  }
  return new ApiError(res.status, code, message, data)
}

/** Makes sure the CSRF cookie exists: GET /api/auth/me always sets it. */
async function ensureCsrfToken(): Promise<string | null> {
  const existing = readCookie(CSRF_COOKIE)
  if (existing) return existing
  try {
    await fetch('/api/auth/me', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
  } catch {
    // fall through: the request below will report the error
  }
  return readCookie(CSRF_COOKIE)
}

async function send(path: string, opts: RequestOptions, csrfRetry: boolean): Promise<Response> {
  const method = opts.method ?? 'GET'
  const headers: Record<string, string> = { Accept: 'application/json' }
  let body: BodyInit | undefined
  if (opts.body instanceof FormData) {
    body = opts.body
  } else if (opts.contentType && typeof opts.body === 'string') {
    headers['Content-Type'] = opts.contentType
    body = opts.body
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(opts.body)
  }
  if (MUTATING.has(method)) {
    const token = await ensureCsrfToken()
    if (token) headers[CSRF_HEADER] = token
  }
  let res: Response
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: opts.signal,
    })
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e
    throw new ApiError(0, 'network_error', 'Network error. Please check your connection and try again.')
  }
  if (res.status === 403 && MUTATING.has(method) && csrfRetry) {
    const err = await parseError(res.clone())
    if (err.code === 'csrf_failed') {
      // The cookie may have rotated (e.g. after logout); fetch a fresh one and retry once.
      try {
        await fetch('/api/auth/me', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      } catch {
        // ignore
      }
      return send(path, opts, false)
    }
  }
  return res
}

/** Calls the API and returns the parsed JSON (undefined for 204). Throws ApiError on failure. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts, true)
  if (!res.ok) throw await parseError(res)
  if (res.status === 204) return undefined as T
  const text = await res.text()
  if (!text) return undefined as T
  try {
    return JSON.parse(text) as T
  } catch {
    throw new ApiError(res.status, 'invalid_response', 'The server sent an unexpected response.')
  }
}
