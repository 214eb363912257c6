import { useSyncExternalStore } from 'react'
import type { Address, Hash, Hex } from 'viem'

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
}

const KEY = 'nai.pendingTransaction'
const listeners = new Set<() => void>()
let cached: { raw: string | null; value: PendingTransaction | null } = { raw: null, value: null }

function parse(raw: string | null): PendingTransaction | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<PendingTransaction>
    if (
      typeof value.hash === 'string' &&
      /^0x[0-9a-fA-F]{64}$/.test(value.hash) &&
      typeof value.action === 'string' &&
      typeof value.description === 'string' &&
      typeof value.account === 'string' &&
      typeof value.chainId === 'number' &&
      (value.nonce === undefined || Number.isSafeInteger(value.nonce))
    ) {
      return value as PendingTransaction
    }
  } catch {
    // A corrupt record is dropped below.
  }
  return null
}

export function readPendingTransaction(): PendingTransaction | null {
  const raw = globalThis.localStorage?.getItem(KEY) ?? null
  if (raw !== cached.raw) {
    const value = parse(raw)
    if (raw !== null && value === null) globalThis.localStorage?.removeItem(KEY)
    cached = { raw, value }
  }
  return cached.value
}

export function writePendingTransaction(value: PendingTransaction | null) {
  if (value) globalThis.localStorage?.setItem(KEY, JSON.stringify(value))
  else globalThis.localStorage?.removeItem(KEY)
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener()
  }
  globalThis.addEventListener?.('storage', onStorage)
  return () => {
    listeners.delete(listener)
    globalThis.removeEventListener?.('storage', onStorage)
  }
}

/** The write in flight, if any (also across tabs). */
export function usePendingTransaction(): PendingTransaction | null {
  return useSyncExternalStore(subscribe, readPendingTransaction, () => null)
}
