import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import type { PersistedClient, Persister, PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { deserialize, serialize } from 'wagmi'
import type { AppConfig } from '../config/env'

/** Where the query cache lives in localStorage. */
export const QUERY_CACHE_KEY = 'nai.queryCache'
/** A persisted cache older than this is discarded on start-up. */
export const QUERY_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000

/**
 * Ties the stored cache to this build and deployment: another app version, chain or pair of contracts discards it
 * rather than showing figures from elsewhere.
 */
export function queryCacheBuster(config: Pick<AppConfig, 'chainId' | 'vestingAddress' | 'legacyAddress'>): string {
  return [__APP_VERSION__, config.chainId, config.vestingAddress, config.legacyAddress].join(':').toLowerCase()
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
 * The persisted query cache: localStorage through TanStack's sync-storage persister, with wagmi's
 * BigInt-safe serializer, 24 hours at most, busted by version, chain and contracts. A stored cache that cannot be
 * read (corrupt, foreign, expired) is dropped by the persister and the app starts without it.
 */
export function createQueryPersistOptions(
  config: Pick<AppConfig, 'chainId' | 'vestingAddress' | 'legacyAddress'>,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  const storage = createSyncStoragePersister({
    storage: window.localStorage,
    key: QUERY_CACHE_KEY,
    serialize,
    deserialize,
  })
  // The persister writes at most once a second; a reload (or the network dropping) right after a read must not
  // lose it, so the latest state is also written when the page goes away.
  let latest: PersistedClient | null = null
  window.addEventListener('pagehide', () => {
    if (!latest) return
    try {
      window.localStorage.setItem(QUERY_CACHE_KEY, serialize(latest))
    } catch {
      // Storage full or unavailable: the next visit simply starts without a cache.
    }
  })
  const persister: Persister = {
    persistClient: (client) => {
      latest = { ...client, clientState: asLastSuccess(client.clientState) }
      return storage.persistClient(latest)
    },
    restoreClient: () => storage.restoreClient(),
    removeClient: () => {
      latest = null
      return storage.removeClient()
    },
  }
  return {
    persister,
    maxAge: QUERY_CACHE_MAX_AGE_MS,
    buster: queryCacheBuster(config),
    dehydrateOptions: { shouldDehydrateQuery: isPersistedRead },
  }
}
