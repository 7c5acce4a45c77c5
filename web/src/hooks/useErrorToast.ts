import { useEffect } from 'react'
import { toast } from '@/lib/toast'
import { errorMessage } from '@/api/client'

/** Toasts `title` with the error's message when a query fails (the page shows the error in place too). */
export function useErrorToast(query: { isError: boolean; error: unknown }, title: string) {
  const { isError, error } = query
  useEffect(() => {
    if (isError) toast.error(title, { description: errorMessage(error) })
  }, [isError, error, title])
}
