import { cloneElement, lazy, Suspense, useRef, useState, type ComponentProps, type ReactElement, type ReactNode } from 'react'

/*
 * The public pages' menus (a drop-down of links, the phone's side panel) are built on Radix, which is
 * more code than the rest of a reader page's own. Until first used they are a plain button, rendered the
 * same on the server and the client; pressing it loads the Radix half and opens it. Pointing at or
 * focusing the button starts the load early.
 */

const load = () => import('./RadixMenus')
const RadixLinkMenu = lazy(() => load().then((m) => ({ default: m.RadixLinkMenu })))
const RadixSheet = lazy(() => load().then((m) => ({ default: m.RadixSheet })))

function preload() {
  void load()
}

export interface MenuLink {
  to: string
  content: ReactNode
}

type Button = ReactElement<ComponentProps<'button'>>

/** A drop-down menu of links opened by `trigger` (a button element). */
export function LinkMenu({ trigger, links, label, align = 'start' }: { trigger: Button; links: MenuLink[]; label?: string; align?: 'start' | 'end' }) {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const placeholder = cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => {
      setUsed(true)
      setOpen(true)
    },
  })
  if (!used) return placeholder
  return (
    <Suspense fallback={placeholder}>
      <RadixLinkMenu trigger={trigger} links={links} label={label} align={align} open={open} onOpenChange={setOpen} />
    </Suspense>
  )
}

/** A side panel (a modal dialog named `title`) opened by `trigger`; `children` gets a close function. */
export function SidePanel({
  trigger,
  title,
  className,
  children,
}: {
  trigger: Button
  title: string
  className?: string
  children: (close: () => void) => ReactNode
}) {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const close = () => setOpen(false)
  return (
    <>
      {cloneElement(trigger, {
        ref: button,
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        onPointerEnter: preload,
        onTouchStart: preload,
        onFocus: preload,
        onClick: () => {
          setUsed(true)
          setOpen(true)
        },
      } as ComponentProps<'button'>)}
      {used && (
        <Suspense fallback={null}>
          <RadixSheet open={open} onOpenChange={setOpen} title={title} className={className} returnFocus={button}>
            {children(close)}
          </RadixSheet>
        </Suspense>
      )}
    </>
  )
}
