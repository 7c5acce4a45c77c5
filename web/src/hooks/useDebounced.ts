import { useEffect, useState } from 'react'

/** `value` once it has stayed the same for `ms` (search boxes wait for a pause in typing). */
export function useDebounced<T>(value: T, ms = 250): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return debounced
}
