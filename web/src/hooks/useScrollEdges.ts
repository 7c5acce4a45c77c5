import { useCallback, useEffect, useState, type RefObject } from 'react'

export interface ScrollEdges {
  /** More to see before the start of the row (scrolled away to the left). */
  start: boolean
  /** More to see past its end. */
  end: boolean
}

/**
 * Which ends of a sideways-scrolling row hide something. A pixel of slack: browsers round scroll
 * positions, and a row that ends 0.5 px short of its width is at its end.
 */
export function scrollEdges(scrollLeft: number, scrollWidth: number, clientWidth: number): ScrollEdges {
  if (scrollWidth - clientWidth <= 1) return { start: false, end: false }
  return { start: scrollLeft > 1, end: scrollLeft + clientWidth < scrollWidth - 1 }
}

const same = (a: ScrollEdges, b: ScrollEdges) => a.start === b.start && a.end === b.end

/** The scroll edges of `ref`'s element, kept up to date as it scrolls or changes size. */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false })
  const measure = useCallback(() => {
    const el = ref.current
    if (!el) return
    const next = scrollEdges(el.scrollLeft, el.scrollWidth, el.clientWidth)
    setEdges((prev) => (same(prev, next) ? prev : next))
  }, [ref])
  useEffect(() => {
    const el = ref.current
    if (!el) return
    measure()
    el.addEventListener('scroll', measure, { passive: true })
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    resize?.observe(el)
    return () => {
      el.removeEventListener('scroll', measure)
      resize?.disconnect()
    }
  }, [ref, measure])
  return edges
}
