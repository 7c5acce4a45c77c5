import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '@/lib/toast'
import { COPY_CONFIRM_MS } from '@/lib/share'

/** Copies text, toasts 'Copied to clipboard' (or 'Copy failed'), and flags the copied key for 2 s. */
export function useCopy() {
  const [copied, setCopied] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = useCallback(async (text: string, key: string = text) => {
    try {
      await navigator.clipboard.writeText(text)
      toast.success('Copied to clipboard')
      setCopied(key)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setCopied(null), COPY_CONFIRM_MS)
    } catch {
      toast.error('Copy failed', { description: 'Please copy manually' })
    }
  }, [])
  return { copy, copied }
}
