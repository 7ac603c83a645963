import { type ComponentType, type JSX, lazy } from 'react'

/** A page whose code loads on first visit, and which can be loaded ahead with `preload()`. */
export interface LazyPage {
  (): JSX.Element
  preload(): Promise<void>
}

/**
 * React.lazy suspends on its first render even when its module has already arrived, which would
 * throw away the server's HTML while hydrating. Once `preload()` has resolved, this page renders
 * the loaded component directly, so the server can render it in one pass and the browser can
 * hydrate it without a fallback.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined
  let loading: Promise<void> | undefined
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component
    })
    return loading
  }
  const Suspending = lazy(() => preload().then(() => ({ default: loaded as ComponentType })))
  function Page() {
    const Loaded = loaded
    return Loaded ? <Loaded /> : <Suspending />
  }
  return Object.assign(Page, { preload })
}

export function isLazyPage(component: unknown): component is LazyPage {
  return typeof component === 'function' && 'preload' in component
}
