import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { usePageMeta } from '@/hooks/usePageMeta'
import { useReaderText } from '@/lib/readerText'

export function NotFound() {
  const { t } = useReaderText()
  usePageMeta(t('pageNotFound'))
  return (
    <div className="container-page flex flex-col items-center py-24 text-center sm:py-32">
      <p className="bg-linear-to-br from-brand-500 to-fuchsia-500 bg-clip-text text-8xl font-black tracking-tight text-transparent sm:text-9xl">
        404
      </p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t('oopsNotFound')}</h1>
      <p className="mt-3 max-w-md text-slate-600">{t('notFoundNote')}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">{t('returnHome')}</Link>
      </Button>
    </div>
  )
}
