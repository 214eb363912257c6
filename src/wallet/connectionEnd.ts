import { type Address, getAddress, isAddress } from 'viem'
import type { Config, CreateConnectorFn } from 'wagmi'
import { disconnect } from 'wagmi/actions'
import { STORED_KEYS } from '../domain/storedKeys'
import { localStorageStore } from '../lib/store'

/**
 * A WalletConnect session that ended without the holder asking: the wallet app ended it, it expired (sessions last
 * 7 days), or it was gone when the page opened. The page then offers to connect again and shows that address's
 * figures watch-only meanwhile. Kept on the device until a wallet connects or the holder dismisses it.
 */
export type ConnectionEnd = { address: Address; reason: ConnectionEndReason }
export type ConnectionEndReason = 'wallet' | 'expired' | 'away'

const REASONS: readonly string[] = ['wallet', 'expired', 'away'] satisfies ConnectionEndReason[]

function parseEnd(raw: string): ConnectionEnd | undefined {
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null || !('address' in value) || !('reason' in value)) return undefined
    const { address, reason } = value
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) return undefined
    if (typeof reason !== 'string' || !REASONS.includes(reason)) return undefined
    return { address: getAddress(address), reason: reason as ConnectionEndReason }
  } catch {
    return undefined
  }
}

export const endedConnection = localStorageStore<ConnectionEnd | undefined>(STORED_KEYS.endedConnection, {
  parse: parseEnd,
  serialize: (end) => JSON.stringify(end),
  empty: undefined,
})

/** Connector uids whose disconnect the holder asked for (RainbowKit's Disconnect, "Connect again"). */
const askedToDisconnect = new Set<string>()

/**
 * Marks a WalletConnect connector's own `disconnect` as the holder's wish, so that the session's end is not taken for
 * the wallet's. wagmi calls it only when the holder disconnects; a wallet ending the session reaches wagmi as an event.
 */
export function withDisconnectIntent(create: CreateConnectorFn): CreateConnectorFn {
  return (config) => {
    const connector = create(config)
    if (connector.type !== 'walletConnect') return connector
    const { disconnect: end } = connector
    return {
      ...connector,
      async disconnect(this: { uid?: string }) {
        if (this.uid) askedToDisconnect.add(this.uid)
        return end.call(this)
      },
    }
  }
}

/**
 * The parts of WalletConnect's provider that tell its session and when it expires (epoch seconds), and its sign
 * client's events, through which the provider hears that a session was deleted.
 */
type ExpiringProvider = {
  session?: { topic: string; expiry: number }
  signer?: { client?: { events?: { emit: (event: 'session_delete', args: { id: number; topic: string }) => unknown } } }
}

/**
 * Calls `onExpired` once the session `provider` has now expires, or is gone; a session the wallet extends is followed
 * to its new expiry. Returns the function that stops.
 */
function onSessionExpiry(provider: ExpiringProvider, onExpired: () => void): () => void {
  const topic = provider.session?.topic
  let timer: ReturnType<typeof setTimeout> | undefined
  const check = () => {
    const session = provider.session
    if (!session || session.topic !== topic) return onExpired()
    const left = session.expiry * 1000 - Date.now()
    if (left <= 0) return onExpired()
    // A timer waits at most about 24 days; a page woken up late fires it at once.
    timer = setTimeout(check, Math.min(left, 2 ** 31 - 1))
  }
  check()
  return () => clearTimeout(timer)
}

/**
 * Ends an expired session in WalletConnect's provider. Its sign client drops the session (on its own schedule) but
 * the provider ignores that and keeps answering with it, and disconnecting through it fails on the expired session.
 * A deletion is what the provider does handle: it clears the session and tells wagmi, as when the wallet ends it.
 */
function endExpiredSession(provider: ExpiringProvider, topic: string): boolean {
  const events = provider.signer?.client?.events
  if (!events) return false
  events.emit('session_delete', { id: Date.now(), topic })
  return true
}

/**
 * Follows the holder's WalletConnect connection and records how it ended when the holder did not end it. A session
 * that expires while the page is open (sessions last 7 days) is ended here too, on its own timer: WalletConnect's
 * provider says nothing of it, and the page would otherwise act on a session that no longer exists. Returns the
 * function that stops following.
 */
export function watchConnectionEnd(config: Config): () => void {
  let expired: string | undefined
  let stopExpiry: (() => void) | undefined

  const followExpiry = (uid: string) => {
    stopExpiry?.()
    stopExpiry = undefined
    const connector = config.connectors.find((candidate) => candidate.uid === uid)
    if (connector?.type !== 'walletConnect') return
    let live = true
    stopExpiry = () => {
      live = false
    }
    void connector.getProvider().then(
      (provider) => {
        const expiring = (provider ?? {}) as ExpiringProvider
        const topic = expiring.session?.topic
        if (!live || !topic) return
        stopExpiry = onSessionExpiry(expiring, () => {
          expired = uid
          if (!endExpiredSession(expiring, topic)) void disconnect(config, { connector }).catch(() => undefined)
        })
      },
      () => undefined,
    )
  }

  const { current } = config.state
  const connection = current ? config.state.connections.get(current) : undefined
  if (config.state.status === 'connected' && connection) followExpiry(connection.connector.uid)

  const stop = config.subscribe(
    (state) => {
      const connection = state.current ? state.connections.get(state.current) : undefined
      return {
        status: state.status,
        uid: connection?.connector.uid,
        type: connection?.connector.type,
        address: connection?.accounts[0],
      }
    },
    (current, previous) => {
      if (current.status === 'connected' && current.uid) {
        if (current.uid !== previous.uid || previous.status !== 'connected') followExpiry(current.uid)
        endedConnection.set(undefined)
        return
      }
      if (current.status !== 'disconnected' || previous.type !== 'walletConnect' || !previous.address) return
      const uid = previous.uid ?? ''
      const reason: ConnectionEndReason | undefined =
        expired === uid
          ? 'expired'
          : askedToDisconnect.has(uid)
            ? undefined
            : previous.status === 'connected'
              ? 'wallet'
              : previous.status === 'reconnecting'
                ? 'away'
                : undefined
      expired = undefined
      askedToDisconnect.delete(uid)
      stopExpiry?.()
      stopExpiry = undefined
      if (reason) endedConnection.set({ address: previous.address, reason })
    },
    {
      equalityFn: (a, b) => a.status === b.status && a.uid === b.uid && a.type === b.type && a.address === b.address,
    },
  )
  return () => {
    stop()
    stopExpiry?.()
  }
}
