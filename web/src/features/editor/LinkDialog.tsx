import { useState, type FormEvent } from 'react'
import type { Editor } from '@tiptap/core'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { DialogFooter } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { DialogActions, EditorDialog, UrlField } from './EditorDialog'
import { linkAttrs, linkOptions, normalizeHref, type LinkOptions } from './link'

/** Adds, edits or removes the link at the selection: its address and rel/target choices. */
export function LinkDialog({ editor, open, onOpenChange }: { editor: Editor; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <EditorDialog editor={editor} open={open} onOpenChange={onOpenChange} title="Link" description="Where the selected text leads, and how search engines should treat it.">
      {(done) => <LinkForm editor={editor} onDone={done} />}
    </EditorDialog>
  )
}

const CHOICES: { key: keyof LinkOptions; label: string; hint: string }[] = [
  { key: 'sponsored', label: 'Sponsored', hint: 'An ad or affiliate link (rel="sponsored")' },
  { key: 'nofollow', label: 'Nofollow', hint: 'Do not pass ranking to this page (rel="nofollow")' },
  { key: 'newTab', label: 'Open in new tab', hint: 'target="_blank" with rel="noopener"' },
]

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const existing = editor.getAttributes('link')
  const editing = editor.isActive('link')
  const needsText = !editing && editor.state.selection.empty
  const [href, setHref] = useState(typeof existing.href === 'string' ? existing.href : '')
  const [text, setText] = useState('')
  const [opts, setOpts] = useState<LinkOptions>(() => linkOptions(existing))
  const [error, setError] = useState<string | null>(null)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const url = normalizeHref(href)
    if (!url) {
      setError('Enter a web address, like https://example.com')
      return
    }
    const attrs = { href: url, ...linkAttrs(opts) }
    const chain = editor.chain().focus()
    if (needsText) {
      chain.insertContent({ type: 'text', text: text.trim() || url, marks: [{ type: 'link', attrs }] }).run()
    } else {
      chain.extendMarkRange('link').setLink(attrs).run()
    }
    onDone()
  }

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run()
    onDone()
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <UrlField
        id="link-url"
        label="URL"
        error={error}
        placeholder="https://example.com/offer"
        value={href}
        onChange={(v) => {
          setHref(v)
          setError(null)
        }}
      />
      {needsText && (
        <Field id="link-text" label="Text (optional)" hint="Shown in the post; the URL when left empty.">
          {(aria) => <Input {...aria} value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
      )}
      <fieldset className="grid gap-2">
        <legend className="sr-only">Link options</legend>
        {CHOICES.map((c) => (
          <label key={c.key} className="flex cursor-pointer items-start gap-3 rounded-lg px-1 py-1 text-sm">
            <Checkbox className="mt-0.5" checked={opts[c.key]} onChange={(e) => setOpts({ ...opts, [c.key]: e.target.checked })} />
            <span>
              <span className="block font-medium text-slate-800">{c.label}</span>
              <span className="block text-xs text-slate-500">{c.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <DialogFooter className="sm:justify-between">
        {editing ? (
          <Button variant="ghost" onClick={remove} className="text-red-700 hover:bg-red-50 hover:text-red-800">
            Remove link
          </Button>
        ) : (
          <span />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <DialogActions submit={editing ? 'Update link' : 'Add link'} onCancel={onDone} />
        </div>
      </DialogFooter>
    </form>
  )
}
