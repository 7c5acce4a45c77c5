/*
 * Toasts without sonner in the first load: reader pages rarely show one, so sonner loads with the first
 * toast. LazyToaster mounts sonner's Toaster then and tells this module; each call waits for that, so no
 * toast is lost. The calls mirror sonner's `toast` (without the returned id, which the app never uses).
 */
import type { ExternalToast } from 'sonner'

type Sonner = typeof import('sonner')
type Message = Parameters<Sonner['toast']>[0]

let sonner: Promise<Sonner> | null = null
let listening = false
let waiting: (() => void)[] = []
const requests = new Set<() => void>()

/** Loads sonner (once) and asks LazyToaster to mount the Toaster. */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner')
    for (const r of requests) r()
  }
  return sonner
}

/** For LazyToaster: `onRequest` runs when the first toast is asked for (at once if it was already). */
export function onToasterRequest(onRequest: () => void): () => void {
  if (sonner) onRequest()
  requests.add(onRequest)
  return () => requests.delete(onRequest)
}

/** For LazyToaster: its Toaster listens now; the returned function says it stopped (unmounted). */
export function toasterReady(): () => void {
  listening = true
  for (const w of waiting) w()
  waiting = []
  return () => {
    listening = false
  }
}

async function ready(): Promise<Sonner> {
  const m = await loadSonner()
  if (!listening) await new Promise<void>((resolve) => waiting.push(resolve))
  return m
}

function later(kind: 'success' | 'error' | 'warning' | 'info' | 'message') {
  return (message: Message, data?: ExternalToast) => {
    void ready().then((m) => m.toast[kind](message, data))
  }
}

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => {
    void ready().then((m) => m.toast(message, data))
  },
  {
    success: later('success'),
    error: later('error'),
    warning: later('warning'),
    info: later('info'),
    message: later('message'),
    dismiss: (id?: string | number) => {
      // Nothing to dismiss before sonner is loaded.
      if (sonner) void sonner.then((m) => m.toast.dismiss(id))
    },
  },
)
