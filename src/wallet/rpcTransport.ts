import { type Chain, type Client, createClient, fallback, http, type Transport } from 'viem'
import { isEndpointFailure } from '../lib/errors'
import { takeFirstRead } from '../lib/firstReadHandoff'

/** An endpoint that has not answered after this long counts as failed, and the next one is asked. */
export const RPC_TIMEOUT_MS = 5_000

/**
 * How the app talks to its RPC endpoints. Each request tries the endpoints in order (the next one when one fails);
 * a request every endpoint failed is not sent again here: the read that made it is retried by the page, after a
 * jittered wait the holder is shown (`retryDelay`), so that a crowd refused together comes back spread out.
 * Requests made in the same moment go out as one JSON-RPC batch. Nothing is sent while the page is idle: no ranking
 * pings, no polling. An endpoint that answers with a JSON-RPC error (a revert, a refused log range) is working: its
 * answer is the result, and the next endpoint is not asked.
 */
export function rpcTransport(urls: readonly string[]): Transport {
  if (urls.length === 0) throw new Error('No RPC endpoint is configured.')
  const endpoints = fallback(
    urls.map((url) => http(url, { batch: true, timeout: RPC_TIMEOUT_MS, retryCount: 0 })),
    { rank: false, shouldThrow: (error) => !isEndpointFailure(error), retryCount: 0 },
  )
  // The holder's first read may already have been sent by the page's shell script: its answer is taken, once.
  return (parameters) => {
    const transport = endpoints(parameters)
    const request = (async (args: { method: string; params?: unknown }, options) => {
      const taken = takeFirstRead(args.method, args.params)
      const answer = taken && (await taken)
      return answer === undefined ? transport.request(args, options) : answer
    }) as typeof transport.request
    return { ...transport, request }
  }
}

/**
 * `client` asking its endpoints from the `start`-th on (wrapping around), then the others in order: a read whose
 * answer came from a node behind the figures already shown asks the next endpoint first. A client with one endpoint,
 * or asked from its first, is returned as it is.
 */
export function startingAt<chain extends Chain | undefined>(
  client: Client<Transport, chain>,
  start: number,
): Client<Transport, chain> {
  const endpoints = (client.transport as { transports?: unknown }).transports
  const first = Array.isArray(endpoints) ? start % endpoints.length : 0
  if (!Array.isArray(endpoints) || endpoints.length < 2 || first === 0) return client
  const order = [...endpoints.slice(first), ...endpoints.slice(0, first)] as ReturnType<Transport>[]
  return createClient({
    chain: client.chain,
    // The endpoints are already set up: each is handed back as it is.
    transport: fallback(
      order.map((endpoint) => () => endpoint),
      { rank: false, shouldThrow: (error) => !isEndpointFailure(error), retryCount: 0 },
    ),
  })
}
