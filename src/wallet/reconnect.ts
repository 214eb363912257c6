import { deserialize } from 'wagmi'
import { reconnect } from 'wagmi/actions'
import type { WagmiConfig } from './wagmi'

/** The part of a wagmi connector that decides whether it is worth reconnecting. */
type ConnectorKind = { id: string; type: string }

/**
 * The connectors to try when the page opens. wagmi's own reconnect-on-mount asks every connector for its provider,
 * and for the MetaMask, Coinbase and WalletConnect connectors that means downloading their SDKs (several hundred KB
 * of JavaScript) on every visit, connected or not. Only these can hold a connection worth restoring:
 * - the wallet the holder connected with last (its SDK is needed anyway);
 * - wallets injected into the browser (extensions, in-app browsers, EIP-6963 announcements): asking them costs
 *   nothing, and an extension that already approved the portal connects at once, as wagmi would do;
 * - Safe, when the portal runs inside a Safe app's iframe.
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
 * Reconnects a returning holder's wallet without loading the SDKs of wallets they do not use. Call it once, before
 * the first paint, with `reconnectOnMount={false}` on the WagmiProvider: the status turns to "reconnecting" at once
 * when a wallet was connected before, so a returning holder never sees a "Connect" button flash.
 */
export function reconnectWallet(config: WagmiConfig): void {
  const connectors = reconnectCandidates(config.connectors, recentConnectorId(config), window.parent !== window)
  if (connectors.length === 0) return
  reconnect(config, { connectors }).catch((error: unknown) => {
    console.warn('Could not reconnect the wallet.', error)
  })
}
