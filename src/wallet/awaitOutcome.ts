import {
  type Address,
  type Chain,
  type Client,
  type Hash,
  hexToNumber,
  isAddressEqual,
  numberToHex,
  parseAbi,
  type TransactionReceipt,
  type Transport,
  toEventSelector,
  WaitForTransactionReceiptTimeoutError,
} from 'viem'
import { getTransactionCount, getTransactionReceipt, readContract, waitForTransactionReceipt } from 'viem/actions'
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
/** How long a lookup through Safe{Wallet} may take: it may never answer, and the SDK has no time-out of its own. */
export const SAFE_LOOKUP_TIMEOUT_MS = 10_000

/**
 * What Safe 1.3 and 1.4 log when they execute a transaction, successful or not: the Safe transaction's hash is the
 * first indexed topic in 1.4.1 and the first word of the data in 1.3.0.
 */
const EXECUTION_SUCCESS = toEventSelector('ExecutionSuccess(bytes32,uint256)')
const EXECUTION_FAILURE = toEventSelector('ExecutionFailure(bytes32,uint256)')
const SAFE_NONCE_ABI = parseAbi(['function nonce() view returns (uint256)'])

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
    ...(info?.nonce === undefined ? {} : { nonce: info.nonce }),
    ...(isTransactionHash(details.txHash) ? { txHash: details.txHash } : {}),
  }
}

/** `lookup` of the Safe transaction, or `undefined` when Safe{Wallet} fails or does not answer in time. */
async function lookUp(lookup: () => Promise<SafeTransactionDetails>, timeoutMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs)
  })
  try {
    return await Promise.race([
      lookup().catch((failure: unknown) => {
        if (isNetworkFailure(failure)) throw failure
        return undefined
      }),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** The transaction that executed Safe transaction `safeTxHash` on `safe`, from the Safe's own log, if any. */
async function findExecution(
  client: Client<Transport, Chain | undefined>,
  safe: Address,
  safeTxHash: Hash,
  fromBlock: number | undefined,
): Promise<Hash | undefined> {
  // Both Safe versions' logs, filtered here: 1.3.0 does not index the hash. A Safe executes few transactions.
  const logs = await client.request({
    method: 'eth_getLogs',
    params: [
      {
        address: safe,
        topics: [[EXECUTION_SUCCESS, EXECUTION_FAILURE]],
        // From the block before the proposal's (a node may refuse a range that starts past its head); a record from
        // before the proposal block was kept is looked for from the start.
        fromBlock: numberToHex(Math.max((fromBlock ?? 0) - 1, 0)),
      },
    ],
  })
  const ours = logs.find(
    (log) =>
      log.topics[1]?.toLowerCase() === safeTxHash.toLowerCase() ||
      log.data.slice(0, 66).toLowerCase() === safeTxHash.toLowerCase(),
  )
  return ours?.transactionHash ?? undefined
}

/** How the execution in `hash` ended for the Safe. */
async function executionOutcome(
  client: Client<Transport, Chain | undefined>,
  hash: Hash,
  safe: Address,
  reportedFailed: boolean,
): Promise<Outcome> {
  const receipt = await waitForTransactionReceipt(client, { hash })
  const failed = receipt.status !== 'success' || reportedFailed || executionFailed(receipt, safe)
  return { status: failed ? 'reverted' : 'success', receipt }
}

/**
 * Waits until a Safe transaction (`record.hash` is its Safe transaction hash) settles. The chain decides; Safe{Wallet}
 * informs. Safe{Wallet} is asked where the transaction stands every {@link SAFE_POLL_MS} (each answer goes to
 * `onProgress`), and once an owner has sent the executing transaction its receipt settles it. Whenever Safe{Wallet}
 * fails, does not answer within {@link SAFE_LOOKUP_TIMEOUT_MS} (a proposal deleted from the queue is never found
 * again), or says CANCELLED (which its Gateway says as soon as the Safe's nonce has passed the transaction, even while
 * the execution is not yet indexed), the Safe itself is asked: its log of the execution settles it with that receipt;
 * its nonce past the transaction's, with no such execution, means another transaction took its place. A network
 * failure ends the wait as `offline` or `busy`, as for any write.
 */
export async function awaitSafeOutcome(
  client: Client<Transport, Chain | undefined>,
  lookup: (safeTxHash: Hash) => Promise<SafeTransactionDetails>,
  record: PendingTransaction,
  onProgress: (progress: SafeProgress) => void,
  options: { pollMs?: number; lookupTimeoutMs?: number } = {},
): Promise<Outcome> {
  const pollMs = options.pollMs ?? SAFE_POLL_MS
  const timeoutMs = options.lookupTimeoutMs ?? SAFE_LOOKUP_TIMEOUT_MS
  const safe = record.account
  let progress: SafeProgress = record.safe ?? {}
  try {
    for (;;) {
      const details = await lookUp(() => lookup(record.hash), timeoutMs)
      if (details) {
        const next = { ...progress, ...safeProgress(details) }
        if (JSON.stringify(next) !== JSON.stringify(progress)) onProgress(next)
        progress = next
        if (next.txHash) return executionOutcome(client, next.txHash, safe, details.txStatus === 'FAILED')
      }
      if (!details || details.txStatus === 'CANCELLED') {
        const executed = await findExecution(client, safe, record.hash, progress.fromBlock)
        if (executed) {
          progress = { ...progress, txHash: executed }
          onProgress(progress)
          return executionOutcome(client, executed, safe, false)
        }
        if (progress.nonce !== undefined) {
          const safeNonce = await readContract(client, { address: safe, abi: SAFE_NONCE_ABI, functionName: 'nonce' })
          // Read again after the nonce: an execution mined between the two reads is this one's, not another's.
          const late =
            safeNonce > BigInt(progress.nonce) && (await findExecution(client, safe, record.hash, progress.fromBlock))
          if (late) {
            progress = { ...progress, txHash: late }
            onProgress(progress)
            return executionOutcome(client, late, safe, false)
          }
          if (safeNonce > BigInt(progress.nonce)) return { status: 'superseded' }
        }
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
      // A Safe's account nonce does not move with its executions: only the event tells.
      if (!record.requested.safe) {
        const used = (await getTransactionCount(client, { address: record.account, blockTag: 'latest' })) > nonce
        if (used) return (await find()) ?? { status: 'replaced' }
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  } catch (failure) {
    if (isNetworkFailure(failure)) return { status: globalThis.navigator?.onLine === false ? 'offline' : 'busy' }
    throw failure
  }
}
