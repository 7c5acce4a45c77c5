import { useEffect, type ReactNode } from 'react'
import { toast } from 'sonner'
import { errorMessage } from '@/api/client'
import type { WorkspaceResponse } from '@/api/types'
import { ErrorBlock } from '@/components/ErrorBlock'
import { Skeleton } from '@/components/ui/skeleton'
import { useWorkspace } from '@/hooks/useWorkspace'

/**
 * Loads the signed-in user's workspace first (GET /api/workspace creates it when the user has
 * none), then renders the page that works on it. 'Error loading workspace' on failure.
 */
export function WorkspaceGate({ children, fallback }: { children: (data: WorkspaceResponse) => ReactNode; fallback?: ReactNode }) {
  const ws = useWorkspace()
  useEffect(() => {
    if (ws.isError) toast.error('Error loading workspace', { description: errorMessage(ws.error) })
  }, [ws.isError, ws.error])
  if (ws.data) return <>{children(ws.data)}</>
  if (ws.isError) return <ErrorBlock error={ws.error} onRetry={() => void ws.refetch()} />
  return (
    <>
      {fallback ?? (
        <div className="grid gap-3" aria-busy="true">
          <p role="status" className="sr-only">
            Loading...
          </p>
          <Skeleton className="h-24 rounded-2xl" />
          <Skeleton className="h-64 rounded-2xl" />
        </div>
      )}
    </>
  )
}
