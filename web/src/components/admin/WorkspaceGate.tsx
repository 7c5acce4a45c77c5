import { type ReactNode } from 'react'
import type { WorkspaceResponse } from '@/api/types'
import { LoadingRows, QueryState } from '@/components/ui/query-state'
import { useWorkspace } from '@/hooks/useWorkspace'
import { useErrorToast } from '@/hooks/useErrorToast'

/**
 * Loads the signed-in user's workspace first (GET /api/workspace creates it when the user has
 * none), then renders the page that works on it. 'Error loading workspace' on failure.
 */
export function WorkspaceGate({ children, fallback }: { children: (data: WorkspaceResponse) => ReactNode; fallback?: ReactNode }) {
  const ws = useWorkspace()
  useErrorToast(ws, 'Error loading workspace')
  const loading = fallback ?? <LoadingRows className="grid gap-3" rows={['h-24 rounded-2xl', 'h-64 rounded-2xl']} />
  return (
    <QueryState query={ws} keepData loading={loading} empty={loading}>
      {children}
    </QueryState>
  )
}
