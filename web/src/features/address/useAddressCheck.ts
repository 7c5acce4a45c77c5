import { useQuery } from '@tanstack/react-query'
import { checkAddress } from '@/api/endpoints'
import { errorMessage } from '@/api/client'
import { qk } from '@/api/queryKeys'
import { useDebounced } from '@/hooks/useDebounced'
import { ADDRESS_REQUIRED, normalizeAddress } from './address'

/** Milliseconds of quiet typing before the server is asked. */
export const CHECK_DELAY = 300

export type AddressState = 'checking' | 'available' | 'refused' | 'unknown'

export interface AddressStatus {
  state: AddressState
  /** The refusal ('refused'), or why the check failed ('unknown'). */
  message: string
}

/**
 * Whether the signed-in owner's blog may take `address`, asked of the server once typing pauses
 * (GET /api/workspace/address?address=). The blog's current address is its own: no question asked.
 */
export function useAddressCheck(address: string, current: string | undefined): AddressStatus {
  const wanted = normalizeAddress(address)
  const debounced = useDebounced(wanted, CHECK_DELAY)
  const ask = debounced !== '' && debounced !== current
  const query = useQuery({
    queryKey: qk.address('address', debounced),
    queryFn: ({ signal }) => checkAddress({ address: debounced }, signal),
    enabled: ask,
    staleTime: 30_000,
    retry: false,
  })
  if (wanted === '') return { state: 'refused', message: ADDRESS_REQUIRED }
  if (wanted === current) return { state: 'available', message: '' }
  if (wanted !== debounced || query.isPending) return { state: 'checking', message: '' }
  if (query.isError) return { state: 'unknown', message: `Could not check this address: ${errorMessage(query.error)}` }
  return query.data.available ? { state: 'available', message: '' } : { state: 'refused', message: query.data.message }
}

/**
 * The free address the server proposes for a blog named `name` (GET /api/workspace/address?name=), once
 * typing pauses. `address` is the latest proposal (the last one while the next is on its way; undefined
 * when there is none: not `enabled`, no name, the question failed); `settled` is false until the
 * proposal for the name as it is now is in.
 */
export function useAddressSuggestion(name: string, enabled: boolean): { address?: string; settled: boolean } {
  const wanted = name.trim()
  const debounced = useDebounced(wanted, CHECK_DELAY)
  const ask = enabled && debounced !== ''
  const query = useQuery({
    queryKey: qk.address('name', debounced),
    queryFn: ({ signal }) => checkAddress({ name: debounced }, signal),
    enabled: ask,
    staleTime: 30_000,
    retry: false,
    // The last proposal stays in the field while the next one is on its way.
    placeholderData: (previous) => previous,
  })
  const address = query.data?.available ? query.data.address : undefined
  if (!enabled || wanted === '') return { settled: true }
  return { address, settled: debounced === wanted && !query.isPending && !query.isPlaceholderData }
}
