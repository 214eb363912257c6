import { type Address, bytesToHex, type Hash, type Hex, isAddress, isHex, keccak256, stringToHex } from 'viem'
import { STORED_KEYS } from '../domain/storedKeys'
import { localStorageStore, useStore } from '../lib/store'

/**
 * Where a Safe transaction stands, as last seen: its owners' signatures, and the executing transaction once sent;
 * its Safe nonce (kept from the first lookup: a proposal deleted from the queue can no longer give it) and the block
 * it was proposed at, where its execution is looked for on chain.
 */
export type SafeProgress = {
  confirmations?: number
  threshold?: number
  txHash?: Hash
  nonce?: number
  fromBlock?: number
  /** Safe{Wallet} no longer lists the transaction (deleted from the queue, or its Gateway failing for a while). */
  missing?: boolean
  /** Proposed through a wallet connection (Safe{Wallet} over WalletConnect): no Safe{Wallet} to ask, the chain tells. */
  chainOnly?: boolean
  /** Proposed as one batch (`wallet_sendCalls`): the wallet that took it may say which transaction executed it. */
  batch?: boolean
}

/** The log a write emits for the holder (its contract and topics): finds the write on chain, whoever sent it. */
export type WriteTrace = { address: Address; topics: Hash[] }

/**
 * The one write in flight, kept in localStorage so that a reload (or an app update) resumes waiting for its
 * receipt instead of forgetting it.
 */
export type PendingTransaction = {
  hash: Hash
  action: string
  description: string
  account: Address
  chainId: number
  /** Where the transaction sits in the sender's nonce order and what it calls: finds a replacement (speed-up or
   * cancel) made in the wallet, even one mined while the portal was closed. */
  nonce?: number
  to?: Address
  input?: Hex
  /** The holder stopped waiting: actions are free again, and the outcome is still reported when it comes. */
  dismissed?: boolean
  /** Set when the write was proposed to a Safe: `hash` is then the Safe transaction's hash, not a chain one. */
  safe?: SafeProgress
  /** The holder's event the write emits: a Safe's owners may execute the same call in another Safe transaction. */
  trace?: WriteTrace
  /** Set when the write is a batch of calls (EIP-5792): `hash` is then {@link batchKey} of the wallet's batch id. */
  batch?: { id: string }
  /**
   * Set while the wallet has been asked and has not answered (`hash` is then a random key): if the page is gone
   * before the answer (a phone discarded the tab while the holder was in the wallet app), the transaction is found
   * again by the event it emits for the holder, from the block of the request on.
   */
  requested?: RequestedWrite
}

/**
 * Where to find a write the wallet was asked for: its event's log filter, and the block and nonce it was asked at;
 * `unanswered` once the wallet's connection stopped waiting for its answer (the wallet may still send it); `safe` when
 * it was asked of a Safe, whose owners may add it to a batch of their own instead of answering, and whose account
 * nonce tells nothing (only the event does).
 */
export type RequestedWrite = {
  fromBlock: number
  /** Missing when the chain could not be asked as the wallet was: only the event then tells. */
  nonce?: number
  logs: WriteTrace
  unanswered?: boolean
  safe?: boolean
}

/** A key for a write the wallet has not answered yet. */
export function requestKey(): Hash {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
}

function isTrace(value: unknown): value is WriteTrace {
  if (typeof value !== 'object' || value === null) return false
  const { address, topics } = value as Record<string, unknown>
  return (
    typeof address === 'string' &&
    isAddress(address, { strict: false }) &&
    Array.isArray(topics) &&
    topics.length > 0 &&
    topics.every(isTransactionHash)
  )
}

function isRequested(value: unknown): value is RequestedWrite {
  if (typeof value !== 'object' || value === null) return false
  const { fromBlock, nonce, logs, unanswered, safe } = value as Record<string, unknown>
  if (!Number.isSafeInteger(fromBlock) || (nonce !== undefined && !Number.isSafeInteger(nonce))) return false
  if (unanswered !== undefined && typeof unanswered !== 'boolean') return false
  if (safe !== undefined && typeof safe !== 'boolean') return false
  return isTrace(logs)
}

/** A batch id is any string the wallet chooses: its record is known by the id's hash. */
export function batchKey(id: string): Hash {
  return keccak256(stringToHex(id))
}

/** The longest batch id kept (EIP-5792 allows up to 4,096 bytes). */
const MAX_BATCH_ID = 8_192

function isBatch(value: unknown): value is { id: string } {
  if (typeof value !== 'object' || value === null) return false
  const { id } = value as Record<string, unknown>
  return typeof id === 'string' && id.length > 0 && id.length <= MAX_BATCH_ID
}

const isCount = (value: unknown) => value === undefined || (Number.isSafeInteger(value) && (value as number) >= 0)

function isSafeProgress(value: unknown): value is SafeProgress {
  if (typeof value !== 'object' || value === null) return false
  const { confirmations, threshold, txHash, nonce, fromBlock, missing, chainOnly, batch } = value as Record<
    string,
    unknown
  >
  return (
    isCount(confirmations) &&
    isCount(threshold) &&
    isCount(nonce) &&
    isCount(fromBlock) &&
    (txHash === undefined || isTransactionHash(txHash)) &&
    (missing === undefined || typeof missing === 'boolean') &&
    (chainOnly === undefined || typeof chainOnly === 'boolean') &&
    (batch === undefined || typeof batch === 'boolean')
  )
}

/** A transaction's (or a Safe transaction's) hash: 32 bytes in hex. */
export function isTransactionHash(value: unknown): value is Hash {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value)
}

function parse(raw: string): PendingTransaction | undefined {
  try {
    const value = JSON.parse(raw) as Partial<PendingTransaction>
    if (
      isTransactionHash(value.hash) &&
      typeof value.action === 'string' &&
      typeof value.description === 'string' &&
      typeof value.account === 'string' &&
      isAddress(value.account, { strict: false }) &&
      typeof value.chainId === 'number' &&
      (value.nonce === undefined || Number.isSafeInteger(value.nonce)) &&
      (value.to === undefined || (typeof value.to === 'string' && isAddress(value.to, { strict: false }))) &&
      (value.input === undefined || (typeof value.input === 'string' && isHex(value.input))) &&
      (value.dismissed === undefined || typeof value.dismissed === 'boolean') &&
      (value.safe === undefined || isSafeProgress(value.safe)) &&
      (value.trace === undefined || isTrace(value.trace)) &&
      (value.batch === undefined || (isBatch(value.batch) && batchKey(value.batch.id) === value.hash)) &&
      (value.requested === undefined || isRequested(value.requested))
    ) {
      return value as PendingTransaction
    }
  } catch {
    // A corrupt record is dropped.
  }
  return undefined
}

const pendingTransaction = localStorageStore<PendingTransaction | null>(STORED_KEYS.pendingTransaction, {
  parse,
  serialize: (value) => JSON.stringify(value),
  empty: null,
})

export const readPendingTransaction = pendingTransaction.get
export const writePendingTransaction = pendingTransaction.set

/** Forgets the record of `hash`, leaving a newer write's record in place. */
export function clearPendingTransaction(hash: Hash): void {
  if (pendingTransaction.get()?.hash === hash) pendingTransaction.set(null)
}

/** The write still being waited for: a record the holder has not dismissed. */
export function activePendingTransaction(record: PendingTransaction | null): PendingTransaction | null {
  return record && !record.dismissed ? record : null
}

/** The write in flight, if any (also across tabs). */
export function usePendingTransaction(): PendingTransaction | null {
  return useStore(pendingTransaction)
}
