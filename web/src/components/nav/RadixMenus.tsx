import type { ReactElement, ReactNode, RefObject } from 'react'
import { Link } from 'react-router'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet'
import type { MenuLink } from './LazyMenus'

/** The Radix half of LinkMenu (loaded on first use). */
export function RadixLinkMenu({
  trigger,
  links,
  label,
  align,
  open,
  onOpenChange,
}: {
  trigger: ReactElement
  links: MenuLink[]
  label?: string
  align: 'start' | 'end'
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <DropdownMenu modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align={align}>
        {label && <DropdownMenuLabel>{label}</DropdownMenuLabel>}
        {links.map((l) => (
          <DropdownMenuItem key={l.to} asChild>
            <Link to={l.to}>{l.content}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** The Radix half of SidePanel (loaded on first use). */
export function RadixSheet({
  open,
  onOpenChange,
  title,
  className,
  returnFocus,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  className?: string
  returnFocus: RefObject<HTMLButtonElement | null>
  children: ReactNode
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className={className}
        onCloseAutoFocus={(e) => {
          // The panel has no Radix trigger: give focus back to the button that opened it.
          e.preventDefault()
          returnFocus.current?.focus()
        }}
      >
        <SheetTitle className="sr-only">{title}</SheetTitle>
        {children}
      </SheetContent>
    </Sheet>
  )
}
