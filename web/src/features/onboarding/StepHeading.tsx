import { useEffect, useRef } from 'react'

/** A step's title and intro; focus moves to the title when the step opens. */
export function StepHeading({ title, text }: { title: string; text: string }) {
  const ref = useRef<HTMLHeadingElement>(null)
  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) {
      window.scrollTo({ top: 0 })
      ref.current?.focus({ preventScroll: true })
    }
  }, [])
  return (
    <div>
      <h1 ref={ref} tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-slate-900 focus:outline-none">
        {title}
      </h1>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  )
}
