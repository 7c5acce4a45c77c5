import { useEffect } from 'react'
import { useLocation } from 'react-router'

/** Scrolls to the top on path changes (not on hash or search changes). */
export function ScrollToTop() {
  const { pathname } = useLocation()
  useEffect(() => {
    if (typeof window.scrollTo === 'function') {
      try {
        window.scrollTo({ top: 0, left: 0, behavior: 'instant' as ScrollBehavior })
      } catch {
        // jsdom and old browsers
      }
    }
  }, [pathname])
  return null
}
