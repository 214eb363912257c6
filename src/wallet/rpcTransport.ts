import { fallback, http, type Transport } from 'viem'
import { isEndpointFailure } from '../lib/errors'

/**
 * How the app talks to its RPC endpoints. Each request tries the endpoints in order (the next one when one fails),
 * and the whole round is retried twice by viem, after a `Retry-After` the endpoint exposes or an exponential backoff.
 * The backoff's base is drawn once per page load, so holders who opened the portal together do not retry together.
 * Requests made in the same moment go out as one JSON-RPC batch. Nothing is sent while the page is idle: no ranking
 * pings, no polling. An endpoint that answers with a JSON-RPC error (a revert, a refused log range) is working: its
 * answer is the result, and the next endpoint is not asked.
 */
export const RPC_RETRY_COUNT = 2
/** An endpoint that has not answered after this long counts as failed, and the next one is asked. */
export const RPC_TIMEOUT_MS = 5_000
const RETRY_DELAY_MIN_MS = 400
const RETRY_DELAY_SPREAD_MS = 400

export function rpcTransport(urls: readonly string[], random: () => number = Math.random): Transport {
  if (urls.length === 0) throw new Error('No RPC endpoint is configured.')
  return fallback(
    urls.map((url) => http(url, { batch: true, timeout: RPC_TIMEOUT_MS })),
    {
      rank: false,
      shouldThrow: (error) => !isEndpointFailure(error),
      retryCount: RPC_RETRY_COUNT,
      retryDelay: RETRY_DELAY_MIN_MS + Math.floor(random() * RETRY_DELAY_SPREAD_MS),
    },
  )
}
