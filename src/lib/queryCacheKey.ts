import { STORED_KEYS } from '../domain/storedKeys'
/** Where the query cache lives in localStorage. */
export const QUERY_CACHE_KEY = STORED_KEYS.queryCache
/** A persisted cache older than this is discarded on start-up. */
export const QUERY_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000

/**
 * Ties the stored cache to one build and deployment: another app version, chain or pair of contracts discards it
 * rather than showing figures from elsewhere.
 */
export function cacheBuster(
  version: string,
  config: { chainId: number; vestingAddress: string; legacyAddress: string },
): string {
  return [version, config.chainId, config.vestingAddress, config.legacyAddress].join(':').toLowerCase()
}
