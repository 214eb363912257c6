import { deserialize } from 'wagmi'
import { reconnect } from 'wagmi/actions'
import { createStore } from '../lib/store'
import type { WagmiConfig } from './wagmi'

/** The part of a wagmi connector that decides whether it is worth reconnecting. */
type ConnectorKind = { id: string; type: string }

/**
 * The connectors to try when the page opens: the wallet used last, injected wallets (free to ask) and Safe inside a
 * Safe app's iframe. wagmi's own reconnect asks every connector, which downloads the MetaMask, Coinbase and
 * WalletConnect SDKs on every visit.
 */
export function reconnectCandidates<C extends ConnectorKind>(
  connectors: readonly C[],
  recentConnectorId: string | null,
  inIframe: boolean,
): C[] {
  return connectors.filter(
    (connector) =>
      connector.id === recentConnectorId || connector.type === 'injected' || (inIframe && connector.type === 'safe'),
  )
}

/** The connector the holder used last, read synchronously so that reconnecting starts before the first paint. */
function recentConnectorId(config: WagmiConfig): string | null {
  const prefix = config.storage?.key
  if (!prefix) return null
  try {
    const raw = window.localStorage.getItem(`${prefix}.recentConnectorId`)
    const value: unknown = raw ? deserialize(raw) : null
    return typeof value === 'string' ? value : null
  } catch {
    return null
  }
}

/**
 * Drops the connections wagmi read back from the device: they are the last visit's, and stand until the wallet
 * answers again. wagmi's provider does this as it first renders; the portal reconnects before that, and renders
 * wagmi's context without it (see AppProviders). Call it once wagmi has read its stored state back (a task after the
 * config was created), and before anything follows the connections.
 */
export function forgetStoredConnections(config: WagmiConfig): void {
  if (config.storage) config.setState((state) => ({ ...state, connections: new Map() }))
}

/**
 * Reconnects a returning holder's wallet without loading the SDKs of wallets they do not use. Call it once, before
 * the first render, after {@link forgetStoredConnections}: the status turns to "reconnecting" at once when a wallet
 * was connected before, so a returning holder never sees a "Connect" button flash.
 */
export function reconnectWallet(config: WagmiConfig): void {
  const connectors = reconnectCandidates(config.connectors, recentConnectorId(config), window.parent !== window)
  if (connectors.length === 0) {
    reconnectSettled.set(true)
    return
  }
  reconnect(config, { connectors })
    .catch((error: unknown) => {
      console.warn('Could not reconnect the wallet.', error)
    })
    .finally(() => reconnectSettled.set(true))
}

/** Whether the page's reconnect attempt has ended: from then on, no wallet connects unless the holder asks. */
export const reconnectSettled = createStore(false)
