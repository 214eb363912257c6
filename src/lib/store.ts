import { useSyncExternalStore } from 'react'

/** A value kept outside React; components follow it with {@link useStore}. */
export type Store<T> = {
  get: () => T
  /** Replaces the value and tells every listener; the same value (`Object.is`) changes nothing. */
  set: (value: T) => void
  subscribe: (listener: () => void) => () => void
}

/**
 * Listeners, with `start` run for the first one to come and its returned stop run when the last one leaves. They are
 * kept in an array replaced on each change, so that telling them (each second, for the clock) allocates nothing and
 * walks them as they were when it began.
 */
function listenerSet(start?: () => () => void) {
  let listeners: readonly (() => void)[] = []
  let stop: (() => void) | undefined
  return {
    notify() {
      const current = listeners
      for (let index = 0; index < current.length; index++) current[index]?.()
    },
    subscribe(listener: () => void) {
      if (!listeners.includes(listener)) {
        listeners = [...listeners, listener]
        if (listeners.length === 1) stop = start?.()
      }
      return () => {
        if (!listeners.includes(listener)) return
        listeners = listeners.filter((other) => other !== listener)
        if (listeners.length > 0) return
        stop?.()
        stop = undefined
      }
    },
  }
}

/**
 * A store holding `initial`. `start` runs while anything follows the value (a timer, an event listener) and returns
 * the function that stops it.
 */
export function createStore<T>(initial: T, start?: (store: Store<T>) => () => void): Store<T> {
  let value = initial
  const listeners = listenerSet(start && (() => start(store)))
  const store: Store<T> = {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return
      value = next
      listeners.notify()
    },
    subscribe: listeners.subscribe,
  }
  return store
}

export type StoredValue<T> = {
  /** The value of stored text, or `undefined` for text that cannot be read (it is then removed). */
  parse: (raw: string) => T | undefined
  serialize: (value: NonNullable<T>) => string
  /** The value when nothing is stored; setting it (or null) removes the entry. */
  empty: T
}

/** A store kept in localStorage under `key`, so that it survives a reload, and followed across tabs. */
export function localStorageStore<T>(key: string, { parse, serialize, empty }: StoredValue<T>): Store<T> {
  // Outside a browser (tests in node) there is no storage: the store stays empty.
  const storage = (): Storage | undefined => globalThis.localStorage
  // The same text gives the same value, so that React sees no change between renders.
  let cached: { raw: string | null; value: T } = { raw: null, value: empty }
  const get = () => {
    const raw = storage()?.getItem(key) ?? null
    if (raw !== cached.raw) {
      const value = raw === null ? undefined : parse(raw)
      if (raw !== null && value === undefined) storage()?.removeItem(key)
      cached = { raw, value: value ?? empty }
    }
    return cached.value
  }
  const listeners = listenerSet(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) listeners.notify()
    }
    globalThis.addEventListener?.('storage', onStorage)
    return () => globalThis.removeEventListener?.('storage', onStorage)
  })
  return {
    get,
    set(value) {
      if (Object.is(value, get())) return
      if (value === null || value === undefined || Object.is(value, empty)) storage()?.removeItem(key)
      else storage()?.setItem(key, serialize(value))
      listeners.notify()
    },
    subscribe: listeners.subscribe,
  }
}

/** The store's value, re-rendering the component when it changes. */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get)
}
