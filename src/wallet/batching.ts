import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useAccount, useClient, useConfig } from 'wagmi'
import { getCapabilitiesQueryOptions } from 'wagmi/query'
import { connectedSafe, type SafeAccount } from './safeAccount'

/**
 * How the connected wallet sends several calls at once: inside a Safe (or a Safe connected over WalletConnect, which
 * takes EIP-5792 batches) as one Safe transaction; as one atomic batch
 * (EIP-5792 `wallet_sendCalls`) when the wallet says it can; otherwise one transaction after the other.
 */
export type Batching = 'safe' | 'atomic' | 'sequential'

/**
 * True when a chain's EIP-5792 capabilities say the wallet runs a batch atomically, in either shape wallets report:
 * the current `atomic: { status: 'supported' | 'ready' }` or the older `atomicBatch: { supported: true }`.
 */
export function batchesAtomically(capabilities: unknown): boolean {
  if (typeof capabilities !== 'object' || capabilities === null) return false
  const { atomic, atomicBatch } = capabilities as Record<string, unknown>
  const status = typeof atomic === 'object' && atomic !== null ? (atomic as Record<string, unknown>).status : undefined
  const supported =
    typeof atomicBatch === 'object' && atomicBatch !== null
      ? (atomicBatch as Record<string, unknown>).supported
      : undefined
  return status === 'supported' || status === 'ready' || supported === true
}

/**
 * How the connected wallet would send a batch; `undefined` while its capabilities are being asked. Only a wallet in
 * the page (injected, EIP-6963) is asked, once per connection and only when `enabled` (a batch is on offer): a
 * request to a wallet connected through WalletConnect would open the wallet app on the holder's phone. A wallet not
 * asked, or that cannot answer, sends one by one.
 */
export function useBatching(enabled: boolean): Batching | undefined {
  const { address, connector } = useAccount()
  const config = useConfig()
  const chainId = config.chains[0].id
  const safeOverConnection = useConnectedSafe()
  const inSafe = connector?.type === 'safe' || safeOverConnection !== undefined
  const inPage = connector?.type === 'injected'
  // A wallet that refuses the request has answered: asking again (wagmi's `useCapabilities` retries three times,
  // whatever its `query` says) would hold Claim Everything back for seconds and ask the wallet four times.
  const capabilities = useQuery({
    ...getCapabilitiesQueryOptions(config, { account: address, chainId }),
    enabled: enabled && inPage,
    retry: false,
    retryOnMount: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  if (inSafe) return 'safe'
  if (!inPage) return 'sequential'
  if (capabilities.isPending) return undefined
  return batchesAtomically(capabilities.data) ? 'atomic' : 'sequential'
}

/** How soon a Safe check the endpoint failed is asked again; the wait doubles up to {@link RECHECK_MAX_MS}. */
export const RECHECK_MS = 5_000
export const RECHECK_MAX_MS = 60_000

/**
 * The Safe connected over WalletConnect, once the chain has told it is one; `undefined` for any other account. A check
 * the endpoint failed (busy at connect) is asked again until it answers: a Safe taken for a key's account would send
 * Claim Everything as separate proposals.
 */
export function useConnectedSafe(): SafeAccount | undefined {
  const { address, connector } = useAccount()
  const client = useClient()
  const [safe, setSafe] = useState<SafeAccount>()
  useEffect(() => {
    setSafe(undefined)
    if (connector?.type !== 'walletConnect' || !address || !client) return
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const ask = (wait: number) => {
      connectedSafe(client, address).then(
        (found) => {
          if (live) setSafe(found)
        },
        () => {
          if (live) timer = setTimeout(() => ask(Math.min(wait * 2, RECHECK_MAX_MS)), wait)
        },
      )
    }
    ask(RECHECK_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [address, connector, client])
  return safe
}
