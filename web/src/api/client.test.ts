import { describe, expect, it } from 'vitest'
import { api, ApiError, buildUrl, readCookie } from './client'
import { apiError, json, mockFetch } from '@/test/utils'

describe('api client', () => {
  it('builds query strings without empty values', () => {
    expect(buildUrl('/api/posts', { workspace: undefined, category: 'keto', page: 2, sort: '' })).toBe('/api/posts?category=keto&page=2')
  })

  it('sends the CSRF cookie as X-CSRF-Token on mutating requests', async () => {
    document.cookie = 'inkpress_csrf=tok%2B123; path=/'
    expect(readCookie('inkpress_csrf')).toBe('tok+123')
    const fetch = mockFetch({ 'POST /api/subscribers': json({ ok: true }, 201) })
    await api('/api/subscribers', { method: 'POST', body: { email: 'a@b.co' } })
    const init = fetch.mock.calls[0][1] as RequestInit
    const headers = init.headers as Record<string, string>
    expect(headers['X-CSRF-Token']).toBe('tok+123')
    expect(headers['Content-Type']).toBe('application/json')
    expect(init.credentials).toBe('same-origin')
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co' }))
  })

  it('does not send the CSRF header on GET', async () => {
    document.cookie = 'inkpress_csrf=abc; path=/'
    const fetch = mockFetch({ 'GET /api/site': json({ name: 'InkPress' }) })
    await api('/api/site')
    const headers = (fetch.mock.calls[0][1] as RequestInit).headers as Record<string, string>
    expect(headers['X-CSRF-Token']).toBeUndefined()
  })

  it('fetches /api/auth/me first when the CSRF cookie is missing', async () => {
    const fetch = mockFetch({
      'GET /api/auth/me': () => {
        document.cookie = 'inkpress_csrf=fresh; path=/'
        return json({ user: null, isAdmin: false, workspace: null, onboardingCompleted: false })
      },
      'POST /api/auth/logout': json(null, 204),
    })
    await api('/api/auth/logout', { method: 'POST' })
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual(['/api/auth/me', '/api/auth/logout'])
    const headers = (fetch.mock.calls[1][1] as RequestInit).headers as Record<string, string>
    expect(headers['X-CSRF-Token']).toBe('fresh')
  })

  it('throws ApiError with status, code and message from the error body', async () => {
    mockFetch({ 'POST /api/auth/login': apiError(401, 'invalid_credentials', 'Invalid credentials') })
    document.cookie = 'inkpress_csrf=x; path=/'
    const err = await api('/api/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'Invalid credentials' })
  })

  it('copes with non-JSON error bodies', async () => {
    mockFetch({ 'GET /api/site': new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }) })
    const err = await api('/api/site').catch((e: unknown) => e)
    expect(err).toMatchObject({ status: 502, code: 'http_error', message: 'Bad Gateway' })
  })

  it('returns undefined for 204', async () => {
    document.cookie = 'inkpress_csrf=x; path=/'
    mockFetch({ 'DELETE /api/workspace/media/3': json(null, 204) })
    await expect(api('/api/workspace/media/3', { method: 'DELETE' })).resolves.toBeUndefined()
  })

  it('retries once after a csrf_failed answer', async () => {
    document.cookie = 'inkpress_csrf=old; path=/'
    let calls = 0
    const fetch = mockFetch({
      'GET /api/auth/me': () => {
        document.cookie = 'inkpress_csrf=new; path=/'
        return json({ user: null, isAdmin: false, workspace: null, onboardingCompleted: false })
      },
      'POST /api/subscribers': ({ init }) => {
        calls++
        const h = init?.headers as Record<string, string>
        return h['X-CSRF-Token'] === 'new' ? json({ ok: true }, 201) : apiError(403, 'csrf_failed', 'CSRF check failed')
      },
    })
    await expect(api('/api/subscribers', { method: 'POST', body: { email: 'a@b.co' } })).resolves.toEqual({ ok: true })
    expect(calls).toBe(2)
    expect(fetch).toHaveBeenCalledTimes(3)
  })
})
