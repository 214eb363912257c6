import { type Hash, isAddressEqual } from 'viem'
import type { Config } from 'wagmi'
import { getAccount, getClient } from 'wagmi/actions'
import { awaitSafeOutcome, type LogScope, type Outcome, type OutcomeStatus } from '../awaitOutcome'
import {
  type PendingTransaction,
  readPendingTransaction,
  type SafeProgress,
  writePendingTransaction,
} from '../pendingTransaction'
import { safeTransactionLookup } from '../safeApp'
import { addRecentTransaction } from '../walletKitState'
import { isOver } from './report'

/**
 * Follows a Safe transaction through the connected Safe: its owners' signatures and then its execution are kept in
 * the pending record, and the executing transaction (never the Safe transaction's hash) goes to the wallet's recent
 * transactions once it is known. One proposed over a wallet connection is followed on the chain alone, a batch also by
 * what the wallet that took it says, whichever tells first.
 */
export async function followSafe(config: Config, record: PendingTransaction, scope: LogScope): Promise<Outcome> {
  const client = getClient(config)
  const connector = config.connectors.find((each) => each.type === 'safe')
  const framed = window.parent !== window
  const provider = framed && !record.safe?.chainOnly ? await connector?.getProvider().catch(() => undefined) : undefined
  const lookup = safeTransactionLookup(provider)
  if (!client || (!lookup && !record.safe?.chainOnly)) return { status: 'outsideSafe' }
  let recorded = record.safe?.txHash !== undefined
  return awaitSafeOutcome(
    client,
    lookup,
    record,
    (progress: SafeProgress) => {
      const latest = readPendingTransaction()
      if (latest?.hash === record.hash && JSON.stringify(latest.safe) !== JSON.stringify(progress)) {
        writePendingTransaction({ ...latest, safe: progress })
      }
      if (progress.txHash && !recorded) {
        recorded = true
        addRecentTransaction(progress.txHash, record.description)
      }
    },
    {
      scope,
      ...(record.safe?.chainOnly && record.safe.batch ? { walletExecution: () => batchExecution(config, record) } : {}),
    },
  )
}

/**
 * The chain transaction that executed a batch, as the wallet that took it says (EIP-5792 `wallet_getCallsStatus`,
 * which Safe{Wallet} answers from its Gateway): asked only while that account is connected.
 */
async function batchExecution(config: Config, record: PendingTransaction): Promise<Hash | undefined> {
  const { status, address } = getAccount(config)
  if (status !== 'connected' || !address || !isAddressEqual(address, record.account)) return undefined
  const { getCallsStatus } = await import('../batchCalls')
  const batch = await getCallsStatus(config, { id: record.hash })
  return batch.receipts?.[0]?.transactionHash
}

export type Sent = { hash: Hash } | { batch: string }

/**
 * The Safe's answer to `ask`, or how the write ended without one. An owner may add the write to Safe{Wallet}'s batch
 * instead of signing it: the Safe then never answers, so the holder's event is looked for meanwhile (`search`, as for
 * a write whose answer the page missed) and the batch's execution settles it; or the holder stops waiting (`stop`).
 */
export async function safeAnswer(
  ask: Promise<Sent>,
  search: Promise<OutcomeStatus | null>,
  stop: Promise<void>,
): Promise<{ kind: 'sent'; sent: Sent } | { kind: 'settled'; status: OutcomeStatus | null }> {
  const never = new Promise<never>(() => {})
  return Promise.race([
    ask.then((sent) => ({ kind: 'sent' as const, sent })),
    search.then((status) => (status !== null && isOver(status) ? { kind: 'settled' as const, status } : never)),
    stop.then(() => ({ kind: 'settled' as const, status: null })),
  ])
}
