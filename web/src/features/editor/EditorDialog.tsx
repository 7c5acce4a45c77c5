import { useLayoutEffect, useRef, type ReactNode } from 'react'
import type { Editor } from '@tiptap/core'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'

/**
 * The frame of the editor's dialogs (link, image, video): a title, a line that says what the
 * dialog is for, and a form that is mounted only while open, so it starts afresh each time.
 * `children` gets `done`, which closes the dialog. Closed, it gives the focus back to the writing
 * surface (not to the toolbar button that opened it), so typing goes on where the caret is.
 */
export function EditorDialog({
  editor,
  open,
  onOpenChange,
  title,
  description,
  className = 'max-w-md',
  children,
}: {
  editor: Editor
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  className?: string
  children: (done: () => void) => ReactNode
}) {
  // Focus goes back to the body as the dialog closes, in the same commit: the dialog's own return of
  // focus runs a tick after it is gone, an effect after the next paint, the editor's focus command a
  // frame later, and keys typed in between would be lost. The form that held the focus is gone by
  // then, so the closing dialog has nothing to pull the focus back to.
  const wasOpen = useRef(open)
  useLayoutEffect(() => {
    if (wasOpen.current && !open && !editor.isDestroyed) editor.view.focus()
    wasOpen.current = open
  }, [open, editor])

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={className}
        onCloseAutoFocus={(e) => {
          e.preventDefault()
          // The editor may be gone by then (the desk closed with the dialog open).
          if (!editor.isDestroyed) editor.view.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && children(() => onOpenChange(false))}
      </DialogContent>
    </Dialog>
  )
}

/** Cancel and the submit button at the foot of an editor dialog's form. */
export function DialogActions({ submit, onCancel }: { submit: string; onCancel: () => void }) {
  return (
    <>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit">{submit}</Button>
    </>
  )
}

/** The web address an editor dialog asks for first: a URL box that has the focus when it opens. */
export function UrlField({
  id,
  label,
  hint,
  error,
  placeholder,
  value,
  onChange,
}: {
  id: string
  label: string
  hint?: string
  error: string | null
  placeholder: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(aria) => (
        <Input
          {...aria}
          type="url"
          inputMode="url"
          autoFocus
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}
