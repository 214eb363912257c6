import { useAccount, useCapabilities, useConfig } from 'wagmi'

/**
 * How the connected wallet sends several calls at once: inside a Safe as one Safe transaction; as one atomic batch
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
  const inSafe = connector?.type === 'safe'
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
