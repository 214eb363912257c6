import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { dehydrate, hydrate, onlineManager, QueryClient } from '@tanstack/react-query'
import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { deserialize, serialize } from 'wagmi'
import type { AppConfig } from '../config/env'
import { cacheBuster, QUERY_CACHE_MAX_AGE_MS, STORED_KEYS } from '../domain/storedKeys'

/**
 * The app's query client, in one place: its defaults, the figures it keeps on the device between visits, and how it
 * follows the network going and coming back. {@link startQueryClient} puts them together as the app starts.
 *
 * The stored cache's key, lifetime and {@link cacheBuster} stamp live in `domain/storedKeys`, because the shell
 * script (which shows the stored figures before the app starts) and the build (which prerenders the stamp) read
 * them too, without this module's dependencies.
 */

type Deployment = Pick<AppConfig, 'chainId' | 'vestingAddress' | 'legacyAddress'>

/** Where the query cache lives in localStorage. */
export const QUERY_CACHE_KEY = STORED_KEYS.queryCache
export { QUERY_CACHE_MAX_AGE_MS }

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The client's defaults: an unused read is kept a day; a read's first try is sent even while the browser says it is
 * offline; a failed read is not retried by the query (see {@link refetchReadsCaughtOffline} for the network's
 * return); the window regaining focus refetches nothing.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: DAY_MS, networkMode: 'offlineFirst', retry: false, refetchOnWindowFocus: false },
    },
  })
}

/**
 * The app's query client, started before the first render: created with the stored figures already in it (so a
 * returning holder's figures are on the first render), then kept on the device, refreshing reads the network's
 * return caught mid-flight, and following the browser's online state, for as long as the page lives. Started outside
 * React so that a read sent before the first render is kept like any other.
 */
export function startQueryClient(config: Deployment): QueryClient {
  const client = createQueryClient()
  restoreQueryCache(client, config)
  persistQueryCache(client, config)
  refetchReadsCaughtOffline(client)
  followBrowserOnlineState()
  return client
}

// Kept on the device.

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
 * write a second) with wagmi's BigInt-safe serializer, stamped with the time and the {@link cacheBuster} of this
 * build's version and `config`'s deployment.
 * Returns a function that stops.
 */
export function persistQueryCache(queryClient: QueryClient, config: Deployment): () => void {
  const storage = createSyncStoragePersister({
    storage: window.localStorage,
    key: QUERY_CACHE_KEY,
    serialize,
    deserialize,
  })
  const buster = cacheBuster(__APP_VERSION__, config)
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
  config: Deployment,
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
      stored.buster === cacheBuster(__APP_VERSION__, config)
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

// The network going and coming back.

/**
 * TanStack Query assumes it starts online and only learns of changes from `online`/`offline` events, so a page
 * opened offline would never refresh its reads when the network returns. Start from what the browser knows.
 */
export function followBrowserOnlineState(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(navigator.onLine)
    const goOnline = () => setOnline(true)
    const goOffline = () => setOnline(false)
    window.addEventListener('online', goOnline)
    window.addEventListener('offline', goOffline)
    return () => {
      window.removeEventListener('online', goOnline)
      window.removeEventListener('offline', goOffline)
    }
  })
}

/**
 * When the network returns, TanStack Query folds its reconnect refetch into a read still in flight. A read sent
 * while offline and failing just after the network came back would then stay failed, showing old figures as if
 * refreshed; such a read is asked once more. Returns the unsubscribe.
 */
export function refetchReadsCaughtOffline(queryClient: QueryClient): () => void {
  return onlineManager.subscribe((online) => {
    if (!online) return
    for (const query of queryClient.getQueryCache().findAll({ type: 'active', fetchStatus: 'fetching' })) {
      query.promise?.catch(() => {
        if (query.isActive()) void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true, type: 'active' })
      })
    }
  })
}
