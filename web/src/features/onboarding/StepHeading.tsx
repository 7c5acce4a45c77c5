import { useEffect, useRef } from 'react'

/**
 * A step's title and intro. With `focus` (the owner moved to this step with Next, Back or a refused setup), focus
 * moves to the title when the step opens, so keyboard and screen-reader users follow along. The step the wizard
 * opens on never takes the focus: effects run after the page is painted, and by then the owner may already be in
 * one of its fields (moving them out of it would send their typing, and Enter, to the heading).
 */
export function StepHeading({ title, text, focus }: { title: string; text: string; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!focus) return
    window.scrollTo({ top: 0 })
    ref.current?.focus({ preventScroll: true })
  }, [focus])
  return (
    <div>
      <h1 ref={ref} tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-slate-900 focus:outline-none">
        {title}
      </h1>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  )
}
