import { useEffect } from 'react'

/**
 * Tells search engines not to index the page while it is shown (a preview, a newsletter link's
 * page): sets (or adds) <meta name="robots"> and puts back what was there before on leaving.
 */
export function useNoIndex() {
  useEffect(() => {
    let el = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')
    const previous = el?.getAttribute('content') ?? null
    if (!el) {
      el = document.createElement('meta')
      el.name = 'robots'
      document.head.appendChild(el)
    }
    el.content = 'noindex'
    const meta = el
    return () => {
      if (previous === null) meta.remove()
      else meta.setAttribute('content', previous)
    }
  }, [])
}
