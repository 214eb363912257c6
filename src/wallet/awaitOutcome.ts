import {
  type Chain,
  type Client,
  type TransactionReceipt,
  type Transport,
  WaitForTransactionReceiptTimeoutError,
} from 'viem'
import { getTransactionCount, getTransactionReceipt, waitForTransactionReceipt } from 'viem/actions'
import { isEndpointFailure } from '../lib/errors'
import type { PendingTransaction } from './pendingTransaction'

/**
 * How a sent write ended, as far as the chain tells. Each status is one row of what the holder is told; other endings
 * (a Safe waiting for its owners' signatures, a write the holder dismissed, a network too busy to mine it) are more
 * statuses of this type.
 */
export type Outcome =
  /** Mined and succeeded, itself or as a repriced replacement (a speed-up in the wallet). */
  | { status: 'success'; receipt: TransactionReceipt }
  /** Mined and reverted: nothing changed. */
  | { status: 'reverted'; receipt: TransactionReceipt }
  /** Replaced by a transaction that does nothing (a cancel in the wallet). */
  | { status: 'cancelled'; receipt: TransactionReceipt }
  /** Its nonce was used by a transaction the node cannot point to: the chain's figures show what happened. */
  | { status: 'replaced' }
  /** The node could not be reached (the device is offline): the write may still be pending. */
  | { status: 'offline' }
  /** Every RPC endpoint failed while the device was online (busy, rate-limited): the write may still be pending. */
  | { status: 'busy' }

export type OutcomeStatus = Outcome['status']

export function isNetworkFailure(error: unknown): boolean {
  return isEndpointFailure(error) || error instanceof TypeError
}

/**
 * True when the transaction never got a receipt and its nonce is already used: it was replaced. For nodes that cannot
 * look a transaction up by sender and nonce, where a replacement mined while the portal was closed is not found.
 */
async function nonceUsedElsewhere(client: Client<Transport, Chain | undefined>, record: PendingTransaction) {
  if (record.nonce === undefined) return false
  const receipt = await getTransactionReceipt(client, { hash: record.hash }).catch(() => undefined)
  if (receipt) return false
  return (await getTransactionCount(client, { address: record.account, blockTag: 'latest' })) > record.nonce
}

/**
 * Waits until the chain settles `record`: its receipt, a replacement's (also one mined while the portal was closed,
 * found through the sender's nonce), or its nonce used elsewhere. A write still unmined keeps being waited for.
 * Any failure but the network's is thrown.
 */
export async function awaitOutcome(
  client: Client<Transport, Chain | undefined>,
  record: PendingTransaction,
  options: { timeout?: number } = {},
): Promise<Outcome> {
  const replacement =
    record.nonce === undefined
      ? undefined
      : { from: record.account, nonce: record.nonce, to: record.to, input: record.input }
  try {
    for (;;) {
      let cancelled = false
      try {
        const receipt = await waitForTransactionReceipt(client, {
          hash: record.hash,
          replacement,
          onReplaced: (replaced) => {
            cancelled = replaced.reason === 'cancelled'
          },
          ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
        })
        if (cancelled) return { status: 'cancelled', receipt }
        return { status: receipt.status === 'success' ? 'success' : 'reverted', receipt }
      } catch (failure) {
        if (!(failure instanceof WaitForTransactionReceiptTimeoutError)) throw failure
        if (await nonceUsedElsewhere(client, record)) return { status: 'replaced' }
      }
    }
  } catch (failure) {
    if (isNetworkFailure(failure)) return { status: globalThis.navigator?.onLine === false ? 'offline' : 'busy' }
    throw failure
  }
}
