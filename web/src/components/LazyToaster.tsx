import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react'
import type { Toaster } from 'sonner'
import { loadSonner, onToasterRequest, toasterReady } from '@/lib/toast'

const SonnerToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })))

/** Tells lib/toast that the Toaster is mounted (its effects, which subscribe, ran before this one). */
function Ready() {
  useEffect(toasterReady, [])
  return null
}

/** sonner's Toaster, loaded and mounted when the app first shows a toast (see lib/toast). */
export function LazyToaster(props: ComponentProps<typeof Toaster>) {
  const [wanted, setWanted] = useState(false)
  useEffect(() => onToasterRequest(() => setWanted(true)), [])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
      <Ready />
    </Suspense>
  )
}
