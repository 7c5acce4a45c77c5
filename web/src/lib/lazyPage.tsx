import { lazy, type ComponentType } from 'react'

const preloaders: (() => Promise<unknown>)[] = []

/**
 * A page loaded on demand, like React.lazy, that renders at once (without suspending) once its
 * module is in: after a first visit or after preloadLazyPages().
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<{ default: ComponentType<P> }> | undefined
  const preload = () =>
    (pending ??= load().then((m) => {
      loaded = m.default
      return m
    }))
  preloaders.push(preload)
  const Lazy = lazy(preload)
  return function LazyPage(props: P) {
    const Page = loaded ?? Lazy
    return <Page {...props} />
  }
}

/** Loads every lazyPage's module (tests that render the whole route table call it first). */
export function preloadLazyPages(): Promise<unknown> {
  return Promise.all(preloaders.map((p) => p()))
}
