import { useEffect, useRef } from 'react'
import { type Address, getAddress, isAddress } from 'viem'
import { useAccount } from 'wagmi'
import { localStorageStore, useStore } from '../../lib/store'
import { useOnline } from '../../lib/useOnline'

/**
 * The last address a wallet connected with, kept so that a holder who opens the app with no network (or before the
 * wallet has reconnected) still sees their position from the persisted cache.
 */
const lastHolder = localStorageStore<Address | undefined>('nai.lastHolder', {
  parse: (raw) => (isAddress(raw, { strict: false }) ? getAddress(raw) : undefined),
  serialize: (address) => address,
  empty: undefined,
})

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
  const remembered = useStore(lastHolder)
  const previousStatus = useRef(status)

  useEffect(() => {
    if (status === 'connected' && address) lastHolder.set(address)
    else if (status === 'disconnected' && previousStatus.current === 'connected' && navigator.onLine)
      lastHolder.set(undefined)
    previousStatus.current = status
  }, [status, address])

  if (address && (status === 'connected' || status === 'reconnecting')) {
    return { address, connected: status === 'connected' }
  }
  if (remembered && (!online || status === 'reconnecting')) return { address: remembered, connected: false }
  return { address: undefined, connected: false }
}
