import {
  type Address,
  type Chain,
  type Client,
  type Hash,
  hexToNumber,
  isAddressEqual,
  numberToHex,
  type TransactionReceipt,
  type Transport,
  toEventSelector,
  WaitForTransactionReceiptTimeoutError,
} from 'viem'
import { getTransactionCount, getTransactionReceipt, waitForTransactionReceipt } from 'viem/actions'
import { isEndpointFailure } from '../lib/errors'
import {
  isTransactionHash,
  type PendingTransaction,
  type RequestedWrite,
  type SafeProgress,
} from './pendingTransaction'
import type { SafeTransactionDetails } from './safeApp'

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
  /** A Safe transaction that can no longer run: the Safe executed another one with the same Safe nonce. */
  | { status: 'superseded' }
  /** A Safe transaction the portal cannot follow here: it is open outside the Safe. */
  | { status: 'outsideSafe' }
  /** A batch whose wallet is not connected: only the wallet can say how it stands. */
  | { status: 'walletNeeded' }
  /** A batch the wallet reports as failed before any of its calls reached the chain. */
  | { status: 'batchFailed' }
  /** A batch some of whose calls were mined and succeeded while others failed (a wallet that sent them one by one). */
  | { status: 'partial'; receipt: TransactionReceipt }

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

/** How often a Safe transaction waiting for its owners is looked up again. */
export const SAFE_POLL_MS = 4_000

/** What Safe 1.4.1 logs when it executes a transaction whose call failed (the execution itself is mined). */
const EXECUTION_FAILURE = toEventSelector('ExecutionFailure(bytes32,uint256)')

function executionFailed(receipt: TransactionReceipt, safe: Address): boolean {
  return receipt.logs.some((log) => isAddressEqual(log.address, safe) && log.topics[0] === EXECUTION_FAILURE)
}

/** Where a Safe transaction stands, from Safe{Wallet}'s answer. */
export function safeProgress(details: SafeTransactionDetails): SafeProgress {
  const info = details.detailedExecutionInfo
  const confirmations = info?.confirmationsSubmitted ?? info?.confirmations?.length
  return {
    ...(confirmations === undefined ? {} : { confirmations }),
    ...(info?.confirmationsRequired === undefined ? {} : { threshold: info.confirmationsRequired }),
    ...(isTransactionHash(details.txHash) ? { txHash: details.txHash } : {}),
  }
}

/**
 * Waits until a Safe transaction (`record.hash` is its Safe transaction hash) settles: Safe{Wallet} is asked where it
 * stands every {@link SAFE_POLL_MS} (each answer goes to `onProgress`), and once an owner has sent the executing
 * transaction the chain gives its receipt. A lookup Safe{Wallet} cannot answer yet is asked again; a network failure
 * ends the wait as `offline` or `busy`, as for any write.
 */
export async function awaitSafeOutcome(
  client: Client<Transport, Chain | undefined>,
  lookup: (safeTxHash: Hash) => Promise<SafeTransactionDetails>,
  record: PendingTransaction,
  onProgress: (progress: SafeProgress) => void,
  options: { pollMs?: number } = {},
): Promise<Outcome> {
  const pollMs = options.pollMs ?? SAFE_POLL_MS
  try {
    for (;;) {
      const details = await lookup(record.hash).catch((failure: unknown) => {
        if (isNetworkFailure(failure)) throw failure
        return undefined
      })
      if (details?.txStatus === 'CANCELLED') return { status: 'superseded' }
      const progress = details ? safeProgress(details) : undefined
      if (progress) onProgress(progress)
      if (progress?.txHash) {
        const receipt = await waitForTransactionReceipt(client, { hash: progress.txHash })
        const failed =
          receipt.status !== 'success' || details?.txStatus === 'FAILED' || executionFailed(receipt, record.account)
        return { status: failed ? 'reverted' : 'success', receipt }
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  } catch (failure) {
    if (isNetworkFailure(failure)) return { status: globalThis.navigator?.onLine === false ? 'offline' : 'busy' }
    throw failure
  }
}

/** How often a batch the wallet has not finished is looked up again. */
export const BATCH_POLL_MS = 2_000

/** What a wallet says of a batch (EIP-5792 `wallet_getCallsStatus`): only the fields the portal reads. */
export type BatchStatus = {
  status: 'pending' | 'success' | 'failure' | undefined
  receipts?: readonly { transactionHash: Hash }[]
}

/**
 * Waits until a batch sent with `wallet_sendCalls` settles: the wallet is asked how it stands every
 * {@link BATCH_POLL_MS}, and once it has finished, the chain gives the receipts of the transactions it mined (their
 * hashes go to `onExecuted`). Every call succeeded: `success`; every mined one reverted: `reverted`; nothing mined:
 * `batchFailed`; some succeeded and some did not: `partial`. A network failure ends the wait as `offline` or `busy`.
 */
export async function awaitBatchOutcome(
  client: Client<Transport, Chain | undefined>,
  lookup: () => Promise<BatchStatus>,
  onExecuted: (hashes: Hash[]) => void,
  options: { pollMs?: number } = {},
): Promise<Outcome> {
  const pollMs = options.pollMs ?? BATCH_POLL_MS
  try {
    for (;;) {
      const batch = await lookup()
      if (batch.status === 'success' || batch.status === 'failure') {
        const hashes = (batch.receipts ?? []).map((receipt) => receipt.transactionHash)
        if (hashes.length === 0) return { status: 'batchFailed' }
        onExecuted(hashes)
        // Waited for, not just read: the portal's RPC may be a block behind the node the wallet asked.
        const receipts = await Promise.all(hashes.map((hash) => waitForTransactionReceipt(client, { hash })))
        const reverted = receipts.filter((receipt) => receipt.status !== 'success')
        const last = receipts[receipts.length - 1] as TransactionReceipt
        if (batch.status === 'success' && reverted.length === 0) return { status: 'success', receipt: last }
        if (reverted.length === receipts.length) return { status: 'reverted', receipt: last }
        return { status: 'partial', receipt: reverted[0] ?? last }
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  } catch (failure) {
    if (isNetworkFailure(failure)) return { status: globalThis.navigator?.onLine === false ? 'offline' : 'busy' }
    throw failure
  }
}

/** How often a write the wallet was asked for, and whose answer the page missed, is looked for again. */
export const REQUESTED_POLL_MS = 4_000

/**
 * Looks for a write the wallet was asked for when the page that asked is gone: its event for the holder from the
 * request's block on gives its hash. Once the holder's nonce has moved past the request's with no such event, the
 * wallet sent something else (or the write reverted): `replaced`. A wallet that never answers keeps it waiting (the
 * holder can stop waiting); `stillAsked` false (the page that asked got the answer) ends the search with `null`.
 */
export async function findRequestedTransaction(
  client: Client<Transport, Chain | undefined>,
  record: PendingTransaction & { requested: RequestedWrite },
  stillAsked: () => boolean,
  options: { pollMs?: number } = {},
): Promise<Hash | Outcome | null> {
  const pollMs = options.pollMs ?? REQUESTED_POLL_MS
  const { fromBlock, nonce, logs } = record.requested
  // Asked from the block the request saw (a node may refuse a range that starts past its head), counted from the next.
  const find = async () => {
    const found = await client.request({
      method: 'eth_getLogs',
      params: [{ address: logs.address, topics: logs.topics, fromBlock: numberToHex(Math.max(fromBlock - 1, 0)) }],
    })
    const log = found.find((each) => each.blockNumber !== null && hexToNumber(each.blockNumber) >= fromBlock)
    return log?.transactionHash ?? undefined
  }
  try {
    for (;;) {
      if (!stillAsked()) return null
      const hash = await find()
      if (hash) return hash
      const used = (await getTransactionCount(client, { address: record.account, blockTag: 'latest' })) > nonce
      if (used) return (await find()) ?? { status: 'replaced' }
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  } catch (failure) {
    if (isNetworkFailure(failure)) return { status: globalThis.navigator?.onLine === false ? 'offline' : 'busy' }
    throw failure
  }
}
