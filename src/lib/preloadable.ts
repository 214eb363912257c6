import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

type Module<Props> = { default: ComponentType<Props> }

/**
 * A part of the page whose code loads on demand, like `lazy`, that renders at once when its code has already arrived
 * (from `preload`). Through `lazy` alone its first render would suspend even then, and React shows content that
 * suspended no sooner than 300 ms after the last fallback it showed: a preloaded part would wait for nothing.
 */
export function preloadable<Props extends object>(
  load: () => Promise<Module<Props>>,
): [Part: LazyExoticComponent<ComponentType<Props>>, preload: () => Promise<Module<Props>>] {
  let loaded: Module<Props> | undefined
  let loading: Promise<Module<Props>> | undefined
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module
        return module
      },
      (error: unknown) => {
        // A later call fetches again (the network may be back).
        loading = undefined
        throw error
      },
    )
    return loading
  }
  const Part = lazy(() => (loaded ? arrived(loaded) : preload()))
  return [Part, preload]
}

/**
 * A thenable that calls back within `then`. `lazy` accepts any thenable, and when its `then` calls back at once it
 * renders the module in the same render instead of suspending.
 */
function arrived<T>(value: T): Promise<T> {
  const thenable: PromiseLike<T> = {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what `lazy` takes; this one is never awaited.
    then: (onFulfilled) => {
      onFulfilled?.(value)
      return thenable as never
    },
  }
  return thenable as Promise<T>
}
