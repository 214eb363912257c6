import { useEffect, useState } from 'react'
import { useAccount, useCapabilities, useClient, useConfig } from 'wagmi'
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
  const { connector } = useAccount()
  const chainId = useConfig().chains[0].id
  const safeOverConnection = useConnectedSafe()
  const inSafe = connector?.type === 'safe' || safeOverConnection !== undefined
  const inPage = connector?.type === 'injected'
  const capabilities = useCapabilities({
    chainId,
    query: {
      enabled: enabled && inPage,
      retry: false,
      retryOnMount: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
  })
  if (inSafe) return 'safe'
  if (!inPage) return 'sequential'
  if (capabilities.isPending) return undefined
  return batchesAtomically(capabilities.data) ? 'atomic' : 'sequential'
}

/** The Safe connected over WalletConnect, once the chain has told it is one; `undefined` for any other account. */
export function useConnectedSafe(): SafeAccount | undefined {
  const { address, connector } = useAccount()
  const client = useClient()
  const [safe, setSafe] = useState<SafeAccount>()
  useEffect(() => {
    setSafe(undefined)
    if (connector?.type !== 'walletConnect' || !address || !client) return
    let live = true
    connectedSafe(client, address).then(
      (found) => {
        if (live) setSafe(found)
      },
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [address, connector, client])
  return safe
}
