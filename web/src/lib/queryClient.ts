import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/api/client'

/** Retries only transient failures (network, 5xx), never 4xx answers. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, err) => {
          if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false
          return count < 2
        },
      },
      mutations: { retry: false },
    },
  })
}
