import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { Search } from 'lucide-react'
import { LIMITS } from '@/api/contract.gen'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'
import { useReaderText } from '@/lib/readerText'

/**
 * The search box of a blog's search page: a real GET form (it works without JavaScript too), prefilled with the
 * current text; submitting opens action?q=...
 */
export function SearchForm({ action, initial, className }: { action: string; initial: string; className?: string }) {
  const [text, setText] = useState(initial)
  const navigate = useNavigate()
  const { t } = useReaderText()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const q = text.trim()
    navigate(q ? `${action}?q=${encodeURIComponent(q)}` : action)
  }
  return (
    <form role="search" action={action} method="get" onSubmit={submit} className={cn('flex w-full max-w-xl gap-2', className)}>
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          name="q"
          aria-label={t('searchPosts')}
          placeholder={t('searchPostsPlaceholder')}
          value={text}
          maxLength={LIMITS.readerSearchMax}
          onChange={(e) => setText(e.target.value)}
          className="h-11 bg-white pl-9 text-slate-900"
        />
      </div>
      <Button type="submit" size="lg" className="h-11">
        {t('search')}
      </Button>
    </form>
  )
}
