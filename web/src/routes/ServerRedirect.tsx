import { useEffect } from 'react'
import { useLocation } from 'react-router'

/**
 * Feeds and the sitemap are real server responses. If the app itself navigated here
 * (a client-side link), load the address from the server instead.
 */
function ServerRedirect({ label }: { label: string }) {
  const location = useLocation()
  useEffect(() => {
    const target = location.pathname + location.search
    // Guard against a loop if the server answered this address with the app itself.
    const key = `inkpress:redirect:${target}`
    try {
      const last = Number(sessionStorage.getItem(key) ?? 0)
      if (Date.now() - last < 5000) return
      sessionStorage.setItem(key, String(Date.now()))
    } catch {
      // storage unavailable: redirect anyway
    }
    window.location.replace(target)
  }, [location.pathname, location.search])
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <p role="status" className="text-sm font-medium text-slate-600">
        {label}
      </p>
    </div>
  )
}

export function FeedRedirect() {
  return <ServerRedirect label="Redirecting to RSS feed..." />
}

export function SitemapRedirect() {
  return <ServerRedirect label="Generating sitemap..." />
}
