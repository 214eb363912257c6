import type { Config } from 'wagmi'
import { getAccount, getClient } from 'wagmi/actions'
import { awaitBatchOutcome, type Outcome } from '../awaitOutcome'
import type { PendingTransaction } from '../pendingTransaction'
import { addRecentTransaction } from '../walletKitState'

/**
 * Follows a batch of calls through the wallet that sent it (EIP-5792 `wallet_getCallsStatus`); the transactions it
 * mined go to the wallet's recent transactions, never the batch id. Only that wallet can say how the batch stands.
 */
export async function followBatch(
  config: Config,
  record: PendingTransaction & { batch: { id: string } },
): Promise<Outcome> {
  const client = getClient(config)
  if (!client) return { status: 'walletNeeded' }
  if (getAccount(config).status !== 'connected') return { status: 'walletNeeded' }
  const { id } = record.batch
  const { getCallsStatus } = await import('../batchCalls')
  return awaitBatchOutcome(
    client,
    () => getCallsStatus(config, { id }),
    (hashes) => {
      for (const hash of hashes) addRecentTransaction(hash, record.description)
    },
  )
}
