/** The wallet app WalletConnect's SDK opens by itself for each request it sends, kept where the SDK reads it. */
import type { Connector } from 'wagmi'
import { platform } from '../lib/device'
import { walletConnectPeer } from './connectedWallet'
import { automaticOpen } from './openWallet'

/**
 * Where sign-client reads, before each request, the wallet app to open (`{ href, name }`, opened at
 * `{href}/wc?requestId=…&sessionTopic=…`). It lives in localStorage, so it comes back with the session after a reload.
 */
export const DEEP_LINK_CHOICE_KEY = 'WALLETCONNECT_DEEPLINK_CHOICE'

/** The SDK opens nothing by itself any more: on a disconnect, or a connection made another way. */
export function forgetDeepLinkChoice(): void {
  try {
    localStorage.removeItem(DEEP_LINK_CHOICE_KEY)
  } catch {
    // Storage refused: the SDK finds nothing there either.
  }
}

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
