import {
  type Address,
  type Chain,
  type Client,
  type Hash,
  hexToBigInt,
  isAddressEqual,
  parseAbi,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  type Transport,
  toEventSelector,
  WaitForTransactionReceiptTimeoutError,
} from 'viem'
import { getTransactionCount, getTransactionReceipt, readContract, waitForTransactionReceipt } from 'viem/actions'
import type { LogLimits } from '../domain/logRanges'
import { isEndpointFailure } from '../lib/errors'
import { isMissingBlock, readLogs } from '../lib/logReader'
import {
  isTransactionHash,
  type PendingTransaction,
  type RequestedWrite,
  type SafeProgress,
  type WriteTrace,
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

/** A mined transaction's outcome, by its receipt's status. */
function mined(receipt: TransactionReceipt): Outcome {
  return receipt.status === 'success' ? { status: 'success', receipt } : { status: 'reverted', receipt }
}

export function isNetworkFailure(error: unknown): boolean {
  return isEndpointFailure(error) || error instanceof TypeError
}

/**
 * Waits for the receipt of `hash` as viem does (looked up on each new block), where a lookup that finds nothing is asked
 * again at once, on its own: a balancer that hands each call to its nodes in turn would otherwise give every lookup of
 * a fixed cycle (the block number, then the receipt) to the same node, and one that has fallen behind never finds it.
 */
function waitForReceipt(
  client: Client<Transport, Chain | undefined>,
  parameters: Parameters<typeof waitForTransactionReceipt>[1],
): Promise<TransactionReceipt> {
  const patient = client.extend(() => ({
    getTransactionReceipt: (args: Parameters<typeof getTransactionReceipt>[1]) =>
      getTransactionReceipt(client, args).catch((failure: unknown) => {
        if (!(failure instanceof TransactionReceiptNotFoundError)) throw failure
        return getTransactionReceipt(client, args)
      }),
  }))
  return waitForTransactionReceipt(patient, parameters)
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
        const receipt = await waitForReceipt(client, {
          hash: record.hash,
          replacement,
          onReplaced: (replaced) => {
            cancelled = replaced.reason === 'cancelled'
          },
          ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
        })
        if (cancelled) return { status: 'cancelled', receipt }
        return mined(receipt)
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

/** Whether `log` is `safe`'s record of executing Safe transaction `safeTxHash`, successful or not. */
function isExecutionOf(
  log: { address: Address; topics: readonly (Hash | null)[]; data: Hash },
  safe: Address,
  safeTxHash: Hash,
): boolean {
  const [event, indexed] = log.topics
  if (!isAddressEqual(log.address, safe) || (event !== EXECUTION_SUCCESS && event !== EXECUTION_FAILURE)) return false
  const hash = safeTxHash.toLowerCase()
  return indexed?.toLowerCase() === hash || log.data.slice(0, 66).toLowerCase() === hash
}

/**
 * How `safe` logged Safe transaction `safeTxHash` in `receipt`: `undefined` when it did not. One chain transaction can
 * execute several Safe transactions (Safe{Wallet} executes a queue together through MultiSendCallOnly), some of which
 * may fail without reverting it: only this one's own event counts.
 */
function executionIn(receipt: TransactionReceipt, safe: Address, safeTxHash: Hash): 'success' | 'failure' | undefined {
  const log = receipt.logs.find((each) => isExecutionOf(each, safe, safeTxHash))
  if (!log) return undefined
  return log.topics[0] === EXECUTION_SUCCESS ? 'success' : 'failure'
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

/**
 * `lookup` of the Safe transaction: its details, `'failed'` when Safe{Wallet} answers with an error (its Gateway does
 * not find the transaction), or `'silent'` when it does not answer in time.
 */
function lookUp(
  lookup: () => Promise<SafeTransactionDetails>,
  timeoutMs: number,
): Promise<SafeTransactionDetails | 'failed' | 'silent'> {
  return inTime(
    lookup().catch((failure: unknown): 'failed' => {
      if (isNetworkFailure(failure)) throw failure
      return 'failed'
    }),
    timeoutMs,
  )
}

/** What `answer` settles to, or `'silent'` when it does not settle within `timeoutMs`. */
async function inTime<T>(answer: Promise<T>, timeoutMs: number): Promise<T | 'silent'> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<'silent'>((resolve) => {
    timer = setTimeout(() => resolve('silent'), timeoutMs)
  })
  try {
    return await Promise.race([answer, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Where a follow-up looks for logs: from `firstBlock` at the earliest (the deployment's block, for a record that does
 * not say where it was made), within the chain's {@link LogLimits}.
 */
export type LogScope = LogLimits & { firstBlock: bigint }

/**
 * The transaction that executed Safe transaction `safeTxHash` on `safe`, from the Safe's own log, looked for from
 * block `from` on; `readTo`: the last block this reading counts as read, `head`: the node's head (see `readLogs`).
 */
async function findExecution(
  client: Client<Transport, Chain | undefined>,
  safe: Address,
  safeTxHash: Hash,
  from: bigint,
  scope: LogScope,
): Promise<{ hash: Hash | undefined; readTo: bigint; head: bigint }> {
  // Both Safe versions' logs, filtered here: 1.3.0 does not index the hash. A Safe executes few transactions.
  const { logs, readTo, head } = await readLogs(
    client,
    { address: safe, topics: [[EXECUTION_SUCCESS, EXECUTION_FAILURE]] },
    { from, ...scope },
  )
  const ours = logs.find((log) => isExecutionOf(log, safe, safeTxHash))
  return { hash: ours?.transactionHash ?? undefined, readTo, head }
}

/** `read()` at a pinned block, or `undefined` when the node that answered does not have that block yet. */
async function atBlock<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read()
  } catch (failure) {
    if (isMissingBlock(failure)) return undefined
    throw failure
  }
}

/**
 * How the execution of Safe transaction `safeTxHash` in chain transaction `hash` ended: its own event decides,
 * whatever else the chain transaction carries. A chain transaction that reverted executed nothing (the Safe's nonce did
 * not move); one that did not revert but logs no execution of this Safe transaction executed another: `undefined`, and
 * the Safe's log decides. Waited for without a time-out: an execution that takes long to be mined is still the
 * holder's (who can stop waiting).
 */
async function executionOutcome(
  client: Client<Transport, Chain | undefined>,
  hash: Hash,
  safe: Address,
  safeTxHash: Hash,
): Promise<Outcome | undefined> {
  const receipt = await waitForReceipt(client, { hash, timeout: 0 })
  const logged = executionIn(receipt, safe, safeTxHash)
  if (logged !== undefined) return { status: logged === 'failure' ? 'reverted' : 'success', receipt }
  return receipt.status === 'success' ? undefined : { status: 'reverted', receipt }
}

/** After this many lookups in a row that Safe{Wallet} fails, the transaction reads as no longer listed there. */
export const SAFE_MISSING_AFTER = 3
/** The slowest a transaction Safe{Wallet} no longer lists is looked for: the wait doubles up to it. */
export const SAFE_SLOW_POLL_MS = 60_000

/**
 * Waits until a Safe transaction (`record.hash` is its Safe transaction hash) settles. The chain decides; Safe{Wallet}
 * informs. Safe{Wallet} is asked where the transaction stands every {@link SAFE_POLL_MS} (each answer goes to
 * `onProgress`), and once an owner has sent the executing transaction, that transaction's own `ExecutionSuccess` or
 * `ExecutionFailure` for this Safe transaction settles it (a named transaction that executed another one settles
 * nothing: the Safe itself is asked). Whenever Safe{Wallet} fails, does not answer within
 * {@link SAFE_LOOKUP_TIMEOUT_MS}, or says CANCELLED (which its Gateway says as soon as the Safe's nonce has passed the
 * transaction, even while the execution is not yet indexed), the Safe itself is asked: its log of the execution
 * settles it. "Superseded" (another transaction took its place) needs three reads up to one settled block to agree:
 * no execution of it in the Safe's log, the Safe's nonce past its own, and no event of the holder's write (the owners
 * may have run the same call in another Safe transaction, which settles it as a success); a nonce read at the node's
 * head counts once two readings in a row agree. After
 * {@link SAFE_MISSING_AFTER} failed lookups in a row Safe{Wallet} no longer lists it (deleted from the queue):
 * `onProgress` says so, and the wait between lookups doubles up to {@link SAFE_SLOW_POLL_MS}, the chain still asked
 * each time. Without `lookup` (a Safe that answered over a wallet connection, with no Safe{Wallet} to ask) the Safe is
 * asked every time, and when the proposal's nonce is not known only an execution of its hash or the holder's event
 * settles it; the wallet that took it may name the executing transaction first (`walletExecution`), which settles it
 * once the portal's node has that transaction and it logs the execution. A network failure ends the wait as `offline`
 * or `busy`, as for any write.
 */
export async function awaitSafeOutcome(
  client: Client<Transport, Chain | undefined>,
  lookup: ((safeTxHash: Hash) => Promise<SafeTransactionDetails>) | undefined,
  record: PendingTransaction,
  onProgress: (progress: SafeProgress) => void,
  options: {
    pollMs?: number
    lookupTimeoutMs?: number
    slowPollMs?: number
    scope: LogScope
    /** Without `lookup`: the wallet that took the proposal, asked which chain transaction executed it. */
    walletExecution?: () => Promise<Hash | undefined>
    walletPollMs?: number
  },
): Promise<Outcome> {
  const pollMs = options.pollMs ?? SAFE_POLL_MS
  const slowPollMs = options.slowPollMs ?? SAFE_SLOW_POLL_MS
  const timeoutMs = options.lookupTimeoutMs ?? SAFE_LOOKUP_TIMEOUT_MS
  const { scope } = options
  const safe = record.account
  let progress: SafeProgress = record.safe ?? {}
  const tell = (next: SafeProgress) => {
    if (JSON.stringify(next) !== JSON.stringify(progress)) onProgress(next)
    progress = next
  }
  // The Safe's log and the holder's are read from the proposal's block on, each block once it is settled.
  const start = progress.fromBlock === undefined ? scope.firstBlock : BigInt(progress.fromBlock)
  let cursor = start
  let traceCursor = start
  let failures = 0
  /** The last reading of the Safe saw its nonce past the proposal's, read at the node's head. */
  let pastAtHead = false
  let wait = progress.missing ? slowPollMs / 2 : pollMs
  const executed = (hash: Hash) => {
    tell({ ...progress, txHash: hash })
    return executionOutcome(client, hash, safe, record.hash)
  }
  /** The holder's event of this write from the proposal's block up to `settled`: found, its transaction's receipt. */
  const holderEvent = async (trace: WriteTrace, settled: bigint) => {
    const found = await readLogs(client, trace, { from: traceCursor, to: settled, ...scope })
    if (found.readTo >= traceCursor) traceCursor = found.readTo + 1n
    return receiptOf(found.logs.find((each) => each.blockNumber !== null && hexToBigInt(each.blockNumber) >= start))
  }
  /**
   * The holder's event of this write in a block past `settled` that the node already has. A write that landed just
   * after another transaction took the proposal's nonce changed the position: "Nothing was changed" would be untrue.
   */
  const laterHolderEvent = async (trace: WriteTrace, settled: bigint) => {
    const found = await readLogs(client, trace, { from: settled + 1n, ...scope })
    return receiptOf(found.logs.find((each) => each.blockNumber !== null))
  }
  const receiptOf = (log: { transactionHash: Hash | null } | undefined) =>
    log?.transactionHash ? waitForReceipt(client, { hash: log.transactionHash, timeout: 0 }) : undefined
  /** Settled by the holder's event: its transaction is the one that wrote, named like an execution found otherwise. */
  const wrote = (receipt: TransactionReceipt) => {
    tell({ ...progress, txHash: receipt.transactionHash })
    return mined(receipt)
  }
  const told =
    options.walletExecution &&
    walletTold(options.walletExecution, timeoutMs, options.walletPollMs ?? SAFE_WALLET_POLL_MS)
  try {
    for (;;) {
      if (!lookup && told) {
        const settled = await toldExecution(client, await told(), safe, record.hash)
        if (settled) {
          tell({ ...progress, txHash: settled.receipt.transactionHash })
          return settled
        }
      }
      const answer = lookup ? await lookUp(() => lookup(record.hash), timeoutMs) : 'none'
      let askTheSafe = typeof answer !== 'object' || answer.txStatus === 'CANCELLED'
      if (typeof answer === 'object') {
        failures = 0
        wait = pollMs
        const { missing: _, ...listed } = progress
        tell({ ...listed, ...safeProgress(answer) })
        if (progress.txHash) {
          const outcome = await executionOutcome(client, progress.txHash, safe, record.hash)
          if (outcome) return outcome
          askTheSafe = true
        }
      } else if (answer === 'failed' && ++failures >= SAFE_MISSING_AFTER && !progress.missing) {
        tell({ ...progress, missing: true })
      }
      if (askTheSafe) {
        let nextPastAtHead = false
        const found = await findExecution(client, safe, record.hash, cursor, scope)
        const outcome = found.hash && (await executed(found.hash))
        if (outcome) return outcome
        if (found.readTo >= cursor) cursor = found.readTo + 1n
        // The Safe's nonce at the last block read: past the transaction's with no execution of it up to there, and no
        // event of the holder's write up to there (nor past it), another transaction took its place. Read at that block,
        // not the head, so that the nonce and the logs agree.
        // A proposal whose nonce is not known (an owner changed it before proposing): only an execution of its hash
        // or the holder's own event tells.
        if (progress.nonce === undefined && !lookup && record.trace && cursor > start) {
          const receipt = await holderEvent(record.trace, cursor - 1n)
          if (receipt) return wrote(receipt)
        }
        if (progress.nonce !== undefined && cursor > start) {
          const settled = cursor - 1n
          const safeNonce = await atBlock(() =>
            readContract(client, { address: safe, abi: SAFE_NONCE_ABI, functionName: 'nonce', blockNumber: settled }),
          )
          if (safeNonce !== undefined && safeNonce > BigInt(progress.nonce)) {
            const receipt = record.trace && (await holderEvent(record.trace, settled))
            if (receipt) return wrote(receipt)
            if (!record.trace || traceCursor > settled) {
              const later = record.trace && (await laterHolderEvent(record.trace, settled))
              if (later) return wrote(later)
              // State read at a node's head block may already hold the next block, still being mined and its logs not
              // served yet (anvil answers so): a nonce read at the head is believed once the next reading agrees.
              if (settled < found.head || pastAtHead) return { status: 'superseded' }
              nextPastAtHead = true
            }
          }
        }
        pastAtHead = nextPastAtHead
      }
      if (progress.missing) wait = Math.min(wait * 2, slowPollMs)
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  } catch (failure) {
    if (isNetworkFailure(failure)) return { status: globalThis.navigator?.onLine === false ? 'offline' : 'busy' }
    throw failure
  }
}

/** How often a wallet is asked which transaction executed a Safe transaction: each question crosses its relay. */
export const SAFE_WALLET_POLL_MS = 30_000

/**
 * Asks `ask` for the chain transaction a wallet says executed a Safe transaction, at most every `everyMs`:
 * `undefined` when it fails, does not say, is not asked this time, or does not answer within `timeoutMs`; a question
 * left unanswered is not asked again until it is.
 */
function walletTold(
  ask: () => Promise<Hash | undefined>,
  timeoutMs: number,
  everyMs: number,
): () => Promise<Hash | undefined> {
  let pending: Promise<Hash | undefined> | undefined
  let askedAt = Number.NEGATIVE_INFINITY
  return async () => {
    if (!pending && Date.now() - askedAt < everyMs) return undefined
    if (!pending) askedAt = Date.now()
    pending ??= ask().then(
      (hash) => (isTransactionHash(hash) ? hash : undefined),
      () => undefined,
    )
    const answer = await inTime(pending, timeoutMs)
    if (answer === 'silent') return undefined
    pending = undefined
    return answer
  }
}

/**
 * The outcome of a Safe transaction by the chain transaction a wallet named: only when the portal's own node has that
 * transaction and it logs this Safe's execution of it; anything else the wallet says decides nothing.
 */
async function toldExecution(
  client: Client<Transport, Chain | undefined>,
  hash: Hash | undefined,
  safe: Address,
  safeTxHash: Hash,
): Promise<{ status: 'success' | 'reverted'; receipt: TransactionReceipt } | undefined> {
  if (!hash) return undefined
  const receipt = await getTransactionReceipt(client, { hash }).catch((failure: unknown) => {
    if (failure instanceof TransactionReceiptNotFoundError) return undefined
    throw failure
  })
  const logged = receipt && executionIn(receipt, safe, safeTxHash)
  if (!receipt || !logged) return undefined
  return { status: logged === 'success' ? 'success' : 'reverted', receipt }
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
        const receipts = await Promise.all(hashes.map((hash) => waitForReceipt(client, { hash, timeout: 0 })))
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
 * wallet sent something else (or the write reverted): `replaced`; a record made without the nonce (the chain could not
 * be asked) waits for the event alone. A wallet that never answers keeps it waiting (the holder can stop waiting);
 * `stillAsked` false (the page that asked got the answer) ends the search with `null`.
 */
export async function findRequestedTransaction(
  client: Client<Transport, Chain | undefined>,
  record: PendingTransaction & { requested: RequestedWrite },
  stillAsked: () => boolean,
  options: { pollMs?: number; scope: LogScope },
): Promise<Hash | Outcome | null> {
  const pollMs = options.pollMs ?? REQUESTED_POLL_MS
  const { fromBlock, nonce, logs } = record.requested
  const first = BigInt(fromBlock)
  // Each block is read until it is settled (see `readLogs`), then not again.
  let cursor = first
  /** The last reading saw the holder's nonce past the request's, read at the node's head (see `awaitSafeOutcome`). */
  let pastAtHead = false
  try {
    for (;;) {
      if (!stillAsked()) return null
      const found = await readLogs(
        client,
        { address: logs.address, topics: logs.topics },
        { from: cursor, ...options.scope },
      )
      const log = found.logs.find((each) => each.blockNumber !== null && hexToBigInt(each.blockNumber) >= first)
      if (log?.transactionHash) return log.transactionHash
      if (found.readTo >= cursor) cursor = found.readTo + 1n
      // A Safe's account nonce does not move with its executions: only the event tells. Otherwise the holder's nonce
      // at the last block read: past the request's with no event up to there, the wallet sent something else.
      if (!record.requested.safe && nonce !== undefined && cursor > first) {
        const settled = cursor - 1n
        const used = await atBlock(() => getTransactionCount(client, { address: record.account, blockNumber: settled }))
        const past = used !== undefined && used > nonce
        if (past && (settled < found.head || pastAtHead)) return { status: 'replaced' }
        pastAtHead = past
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  } catch (failure) {
    if (isNetworkFailure(failure)) return { status: globalThis.navigator?.onLine === false ? 'offline' : 'busy' }
    throw failure
  }
}
