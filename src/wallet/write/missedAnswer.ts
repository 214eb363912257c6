import type { Chain, Client, Hash, Transport } from 'viem'
import { findRequestedTransaction, type LogScope, type Outcome } from '../awaitOutcome'
import {
  type PendingTransaction,
  type RequestedWrite,
  readPendingTransaction,
  writePendingTransaction,
} from '../pendingTransaction'
import { addRecentTransaction } from '../walletKitState'

/** A write recorded before the wallet was asked: the wallet's answer may never reach the page. */
export type AskedWrite = PendingTransaction & { requested: RequestedWrite }

/**
 * Looks for a write whose answer the page missed (the page that asked is gone, the Safe's owners batched it, the
 * connection stopped waiting): by its event for the holder. Found, it becomes a sent transaction's record, which
 * replaces the asked one and goes to the wallet's recent transactions. `null`: no longer looked for (`stillAsked`).
 */
export async function findMissedAnswer(
  client: Client<Transport, Chain | undefined>,
  record: AskedWrite,
  stillAsked: () => boolean,
  scope: LogScope,
): Promise<{ kind: 'sent'; record: PendingTransaction } | { kind: 'outcome'; outcome: Outcome } | null> {
  const found: Hash | Outcome | null = await findRequestedTransaction(client, record, stillAsked, { scope })
  if (found === null) return null
  if (typeof found !== 'string') return { kind: 'outcome', outcome: found }
  const { requested: _, ...rest } = record
  const latest = readPendingTransaction()
  const sent: PendingTransaction = { ...rest, hash: found, dismissed: latest?.dismissed }
  if (latest?.hash === record.hash) writePendingTransaction(sent)
  addRecentTransaction(found, record.description)
  return { kind: 'sent', record: sent }
}
