import { useEffect, useRef } from 'react'
import { type Address, getAddress, isAddress } from 'viem'
import { useAccount } from 'wagmi'
import { STORED_KEYS } from '../../domain/storedKeys'
import { localStorageStore, useStore } from '../../lib/store'
import { useOnline } from '../../lib/useOnline'
import { type ConnectionEndReason, endedConnection } from '../../wallet/connectionEnd'
import { reconnectSettled } from '../../wallet/reconnect'
import { useSavedAddresses, useWatchParam } from '../watch/watched'

/**
 * The last address a wallet connected with, kept so that a holder who opens the app with no network (or before the
 * wallet has reconnected) still sees their position from the persisted cache.
 */
const lastHolder = localStorageStore<Address | undefined>(STORED_KEYS.lastHolder, {
  parse: (raw) => (isAddress(raw, { strict: false }) ? getAddress(raw) : undefined),
  serialize: (address) => address,
  empty: undefined,
})

export type Holder = {
  /** Whose position the page shows; `undefined` asks the holder to connect. */
  address: Address | undefined
  /** Whether a wallet is connected for that address (actions need one). */
  connected: boolean
  /** Shown without its wallet: from a link (`/?address=`), the watch form, or the addresses saved on the device. */
  watching: boolean
  /** The link's `address` parameter, when it is not an address. */
  malformedParam?: string
  /** How the wallet's connection ended, when the page shows its address watch-only because it did. */
  ended?: ConnectionEndReason
}

/**
 * Whose position to show: the address a link or the holder asked to watch; otherwise the connected (or
 * reconnecting) wallet's; otherwise, while offline or until the wallet's reconnect has ended, the last connected
 * address; otherwise, watch-only, the address of a wallet connection that ended without the holder asking (until a
 * wallet connects again); otherwise the address saved most recently on this device, watch-only. Disconnecting while
 * online forgets the last connected address.
 */
export function useHolder(): Holder {
  const { address, status } = useAccount()
  const online = useOnline()
  const remembered = useStore(lastHolder)
  const param = useWatchParam()
  const [saved] = useSavedAddresses()
  const ended = useStore(endedConnection)
  const settled = useStore(reconnectSettled)
  const previousStatus = useRef(status)

  useEffect(() => {
    if (status === 'connected' && address) lastHolder.set(address)
    else if (status === 'disconnected' && previousStatus.current === 'connected' && navigator.onLine)
      lastHolder.set(undefined)
    previousStatus.current = status
  }, [status, address])

  // Checksummed, whatever case the wallet gave: the address is part of the holder's read, which is sent once.
  const wallet = address && (status === 'connected' || status === 'reconnecting') ? getAddress(address) : undefined
  const malformedParam = param.kind === 'malformed' ? param.value : undefined
  if (param.kind === 'address') {
    const own = param.address === wallet
    return { address: param.address, connected: own && status === 'connected', watching: !own }
  }
  if (wallet) return { address: wallet, connected: status === 'connected', watching: false, malformedParam }
  // Until the wallet's reconnect has ended (from before it starts), the last holder is who the page is about to show.
  if (remembered && (!online || status === 'reconnecting' || !settled)) {
    return { address: remembered, connected: false, watching: false, malformedParam }
  }
  if (ended && status === 'disconnected') {
    return { address: ended.address, connected: false, watching: true, ended: ended.reason, malformedParam }
  }
  if (saved) return { address: saved, connected: false, watching: true, malformedParam }
  return { address: undefined, connected: false, watching: false, malformedParam }
}
