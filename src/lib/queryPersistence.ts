import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'
import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { deserialize, serialize } from 'wagmi'
import type { AppConfig } from '../config/env'
import { cacheBuster, QUERY_CACHE_KEY, QUERY_CACHE_MAX_AGE_MS } from './queryCacheKey'

export { QUERY_CACHE_KEY, QUERY_CACHE_MAX_AGE_MS }

/**
 * Ties the stored cache to this build and deployment: another app version, chain or pair of contracts discards it
 * rather than showing figures from elsewhere.
 */
export function queryCacheBuster(config: Pick<AppConfig, 'chainId' | 'vestingAddress' | 'legacyAddress'>): string {
  return cacheBuster(__APP_VERSION__, config)
}

/** Contract reads that have succeeded are kept; nothing else (balances, wallet state) is. */
function isPersistedRead(query: { queryKey: readonly unknown[]; state: { data: unknown } }): boolean {
  return query.queryKey[0] === 'readContracts' && query.state.data !== undefined
}

/**
 * A read keeps the data of its last success when a refresh fails (offline, for example). It is stored as that
 * success, so that the next visit shows the figures instead of the failed refresh.
 */
function asLastSuccess(state: PersistedClient['clientState']): PersistedClient['clientState'] {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: {
        ...query.state,
        status: 'success',
        fetchStatus: 'idle',
        error: null,
        fetchFailureCount: 0,
        fetchFailureReason: null,
      },
    })),
  }
}

/**
 * Keeps `queryClient`'s contract reads in localStorage from now on: TanStack's sync-storage persister (at most one
 * write a second) with wagmi's BigInt-safe serializer, stamped with the time and the {@link queryCacheBuster}.
 * Returns a function that stops.
 */
export function persistQueryCache(
  queryClient: QueryClient,
  config: Pick<AppConfig, 'chainId' | 'vestingAddress' | 'legacyAddress'>,
): () => void {
  const storage = createSyncStoragePersister({
    storage: window.localStorage,
    key: QUERY_CACHE_KEY,
    serialize,
    deserialize,
  })
  const buster = queryCacheBuster(config)
  let latest: PersistedClient | null = null
  const save = () => {
    const clientState = dehydrate(queryClient, { shouldDehydrateQuery: isPersistedRead })
    latest = { buster, timestamp: Date.now(), clientState: asLastSuccess(clientState) }
    void storage.persistClient(latest)
  }
  // The persister's write is throttled; a reload (or the network dropping) right after a read must not lose it, so
  // the latest state is also written when the page goes away.
  const flush = () => {
    if (!latest) return
    try {
      window.localStorage.setItem(QUERY_CACHE_KEY, serialize(latest))
    } catch {
      // Storage full or unavailable: the next visit simply starts without a cache.
    }
  }
  window.addEventListener('pagehide', flush)
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') save()
  })
  return () => {
    unsubscribe()
    window.removeEventListener('pagehide', flush)
  }
}

/**
 * Puts the stored cache into `queryClient` at once, before the first render, so that a returning holder's figures
 * are on the first screen the app paints (the persister's own restore is asynchronous and costs a second render).
 * A cache that is corrupt, foreign (another version, chain or pair of contracts) or older than a day is removed.
 */
export function restoreQueryCache(
  queryClient: QueryClient,
  config: Pick<AppConfig, 'chainId' | 'vestingAddress' | 'legacyAddress'>,
  storage: Storage = window.localStorage,
  now: number = Date.now(),
): void {
  try {
    const raw = storage.getItem(QUERY_CACHE_KEY)
    if (raw === null) return
    const stored = deserialize<Partial<PersistedClient>>(raw)
    const usable =
      typeof stored?.timestamp === 'number' &&
      now - stored.timestamp <= QUERY_CACHE_MAX_AGE_MS &&
      stored.buster === queryCacheBuster(config) &&
      stored.clientState !== undefined
    if (usable && stored.clientState) hydrate(queryClient, stored.clientState)
    else storage.removeItem(QUERY_CACHE_KEY)
  } catch {
    try {
      storage.removeItem(QUERY_CACHE_KEY)
    } catch {
      // Storage unavailable: there is nothing to restore either.
    }
  }
}
