import { AlertTriangle } from 'lucide-react'
import { errorMessage } from '@/api/client'
import { Button } from './ui/button'
import { EmptyState } from './EmptyState'
import { useReaderText } from '@/lib/readerText'

/** ErrorBlock as a whole page's content. */
export function PageError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="container-page py-16">
      <ErrorBlock error={error} onRetry={onRetry} />
    </div>
  )
}

export function ErrorBlock({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useReaderText()
  return (
    <EmptyState
      icon={<AlertTriangle className="size-6 text-amber-600" aria-hidden="true" />}
      title={t('somethingWrong')}
      description={errorMessage(error, t('tryAgainLater'))}
      action={
        onRetry ? (
          <Button variant="outline" onClick={onRetry}>
            {t('tryAgain')}
          </Button>
        ) : undefined
      }
    />
  )
}
