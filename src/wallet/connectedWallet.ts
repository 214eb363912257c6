import type { Connector } from 'wagmi'
import { nameFromFlags } from './browserWallet'
import type { WalletPeer } from './openWallet'
import { walletAppNamed } from './phoneWallets'
import { rememberWallet } from './recentWallets'

type WalletConnectProvider = { session?: { peer?: { metadata?: WalletPeer } } }

/** What a WalletConnect session's wallet says of itself (its peer metadata); `undefined` for any other connection. */
export async function walletConnectPeer(connector: Connector): Promise<WalletPeer | undefined> {
  if (connector.type !== 'walletConnect') return undefined
  const provider = (await connector.getProvider().catch(() => undefined)) as WalletConnectProvider | undefined
  return provider?.session?.peer?.metadata
}

/**
 * The name the connected wallet gives itself: over WalletConnect, the session's peer metadata; a wallet of the
 * browser the page runs in, its announcement (the connector's name) or, for the bare `window.ethereum`, its flags.
 */
export async function connectedWalletName(connector: Connector): Promise<string | undefined> {
  if (connector.type === 'walletConnect') {
    const name = (await walletConnectPeer(connector))?.name
    return typeof name === 'string' ? name : undefined
  }
  if (connector.id === 'injected') return nameFromFlags((window as Window & { ethereum?: unknown }).ethereum)
  return connector.name
}

/**
 * Remembers the wallet app that connected (not the one last tapped: the holder may have connected another way) among
 * the phone sheet's recent wallets. Any wallet that is not one of the sheet's apps leaves the list as it is.
 */
export async function rememberConnectedWallet(connector: Connector): Promise<void> {
  const app = walletAppNamed(await connectedWalletName(connector))
  if (app) rememberWallet(app.id)
}
