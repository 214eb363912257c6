import { useEffect, useRef, useSyncExternalStore } from 'react'
import { type Address, getAddress, isAddress } from 'viem'
import { useAccount } from 'wagmi'
import { useOnline } from '../lib/useOnline'

/**
 * The last address a wallet connected with, kept so that a holder who opens the app with no network (or before the
 * wallet has reconnected) still sees their position from the persisted cache.
 */
const KEY = 'nai.lastHolder'
const listeners = new Set<() => void>()

function read(): Address | undefined {
  const stored = globalThis.localStorage?.getItem(KEY)
  return stored && isAddress(stored, { strict: false }) ? getAddress(stored) : undefined
}

function write(address: Address | null) {
  if (address === read()) return
  if (address) globalThis.localStorage?.setItem(KEY, address)
  else globalThis.localStorage?.removeItem(KEY)
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export type Holder = {
  /** Whose position the page shows; `undefined` asks the holder to connect. */
  address: Address | undefined
  /** Whether a wallet is connected for that address (actions need one). */
  connected: boolean
}

/**
 * Whose position to show: the connected (or reconnecting) wallet's address; otherwise, while offline or while the
 * wallet is still reconnecting, the last connected address. Disconnecting while online forgets it.
 */
export function useHolder(): Holder {
  const { address, status } = useAccount()
  const online = useOnline()
  const remembered = useSyncExternalStore(subscribe, read, () => undefined)
  const previousStatus = useRef(status)

  useEffect(() => {
    if (status === 'connected' && address) write(address)
    else if (status === 'disconnected' && previousStatus.current === 'connected' && navigator.onLine) write(null)
    previousStatus.current = status
  }, [status, address])

  if (address && (status === 'connected' || status === 'reconnecting')) {
    return { address, connected: status === 'connected' }
  }
  if (remembered && (!online || status === 'reconnecting')) return { address: remembered, connected: false }
  return { address: undefined, connected: false }
}
