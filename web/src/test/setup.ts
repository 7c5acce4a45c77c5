import '@testing-library/jest-dom/vitest'
// Toasts load sonner on demand; having it in the module cache keeps their timing close to a loaded app's.
import { toast } from 'sonner'
import { afterAll, afterEach, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// findBy* and waitFor give up after 1 s by default, which a loaded machine can miss; a passing
// assertion returns as soon as it holds, so a longer limit only costs time when a test fails.
configure({ asyncUtilTimeout: 10_000 })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  })
})

// Timers left from a file's last test would fire after the environment is gone (requestAnimationFrame
// undefined): a toast's own closing timer (seconds), and Preact's after-paint fallback (35 ms). Toasts
// are dismissed now, which unmounts them 200 ms later and clears their timers; a later timer runs
// after both, whatever the machine's load: Node fires timers in order of expiry.
afterAll(async () => {
  toast.dismiss()
  await new Promise((resolve) => setTimeout(resolve, 300))
})

// jsdom lacks a few browser APIs that Radix and sonner use.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  })
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub })
}

const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>
proto.hasPointerCapture ??= () => false
proto.setPointerCapture ??= () => {}
proto.releasePointerCapture ??= () => {}
proto.scrollIntoView ??= () => {}
window.scrollTo = () => {}
