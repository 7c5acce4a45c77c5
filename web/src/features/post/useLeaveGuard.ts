import { useCallback, useContext, useEffect, useRef, useState } from 'react'
import { UNSAFE_NavigationContext } from 'react-router'

type Nav = { push: (...args: unknown[]) => void; replace: (...args: unknown[]) => void }

/** Routes the navigator's push and replace through `onNavigate`; returns the undo. */
function hold(nav: Nav, onNavigate: (go: () => void) => void): () => void {
  const { push, replace } = nav
  nav.push = (...args) => onNavigate(() => push.apply(nav, args))
  nav.replace = (...args) => onNavigate(() => replace.apply(nav, args))
  return () => {
    nav.push = push
    nav.replace = replace
  }
}

/**
 * Asks before leaving a page with unsaved changes: in-app navigations (links, navigate()) wait for
 * `proceed` or `cancel`, and closing or reloading the tab gets the browser's own question.
 *
 * react-router's useBlocker needs a data router and the app uses <BrowserRouter>, so this holds the
 * router's navigator's push/replace while `when` is true (what useBlocker does inside a data
 * router). The browser's back button is not held: only the tab-closing question covers it.
 */
export function useLeaveGuard(when: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext)
  const [pending, setPending] = useState<(() => void) | null>(null)
  const allowed = useRef(false)

  useEffect(() => {
    if (!when) return
    return hold(navigator as unknown as Nav, (go) => {
      if (allowed.current) go()
      else setPending(() => go)
    })
  }, [when, navigator])

  useEffect(() => {
    if (!when) return
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault()
      // Older browsers show their question only when returnValue is set.
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [when])

  /** Runs a navigation of the page's own (after creating a post) without asking. */
  const allow = useCallback((navigate: () => void) => {
    allowed.current = true
    try {
      navigate()
    } finally {
      allowed.current = false
    }
  }, [])

  return {
    /** A navigation is waiting for an answer. */
    asking: pending !== null,
    proceed: () => {
      const go = pending
      setPending(null)
      if (go) allow(go)
    },
    cancel: () => setPending(null),
    allow,
  }
}
