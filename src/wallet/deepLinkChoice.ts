/** Which wallet app WalletConnect's SDK opens by itself for each request it sends. */
import type { Connector } from 'wagmi'
import { platform } from '../lib/device'
import { walletConnectPeer } from './connectedWallet'
import { DEEP_LINK_CHOICE_KEY, forgetDeepLinkChoice } from './deepLinkStore'
import { automaticOpen } from './openWallet'

export { DEEP_LINK_CHOICE_KEY, forgetDeepLinkChoice } from './deepLinkStore'

/**
 * Once a WalletConnect session is approved: the wallet app that approved it is opened by the SDK for each request
 * when the holder reached it from this phone's list of wallet apps and it has a universal link. A wallet reached by
 * QR code or the bare `wc:` link (it may be on another device, or any app) and one known only by a custom scheme get
 * nothing: the holder's own tap on "Open {wallet}" brings them forward.
 */
export async function chooseDeepLink(connector: Connector, throughListedApp: boolean): Promise<void> {
  const peer = throughListedApp ? await walletConnectPeer(connector) : undefined
  const choice = peer && automaticOpen(peer, platform())
  if (!choice) return forgetDeepLinkChoice()
  try {
    localStorage.setItem(DEEP_LINK_CHOICE_KEY, JSON.stringify(choice))
  } catch {
    // Storage refused: the holder still has "Open {wallet}".
  }
}
