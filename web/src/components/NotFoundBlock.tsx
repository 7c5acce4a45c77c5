import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { SearchX } from 'lucide-react'
import { Button } from './ui/button'
import { useReaderText } from '@/lib/readerText'

/** A missing thing inside a normal page: big heading, optional text, a way home. */
export function NotFoundBlock({
  title,
  description,
  action,
}: {
  title: string
  description?: ReactNode
  action?: ReactNode
}) {
  const { t } = useReaderText()
  return (
    <div className="container-page flex flex-col items-center py-24 text-center sm:py-32">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {description && <p className="mt-3 max-w-md text-slate-600">{description}</p>}
      <div className="mt-8">
        {action ?? (
          <Button asChild variant="outline">
            <Link to="/">{t('returnHome')}</Link>
          </Button>
        )}
      </div>
    </div>
  )
}
