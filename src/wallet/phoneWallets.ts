import type { Platform } from '../lib/device'

/**
 * The WalletConnect wallets a phone's connect sheet offers, and the link that opens each with a pairing URI.
 *
 * The link fires inside the holder's tap (the sheet keeps a pairing ready), which is what iOS requires to hand a link
 * to another app. On iOS each wallet's universal link is used: opened from a tap it goes to the app, and when the app
 * is missing it lands on the wallet's web page instead of Safari's "address is invalid" error, which a custom scheme
 * gives (and after which Safari refuses further attempts). On Android an intent link names the wallet's package:
 * Chrome opens that app with its own scheme, or the store page when it is not installed. The generic WalletConnect
 * entry hands the bare `wc:` URI to whichever wallet the system picks.
 */
export type PhoneWalletId = 'metaMask' | 'rainbow' | 'walletConnect'

export type PhoneWallet = {
  id: PhoneWalletId
  name: string
  /** The link that opens the wallet with `uri` on `platform`. */
  link: (uri: string, platform: Exclude<Platform, 'desktop'>) => string
}

type AppLinks = { universal: string; scheme: string; androidPackage: string; store: string }

function walletLink({ universal, scheme, androidPackage, store }: AppLinks): PhoneWallet['link'] {
  return (uri, platform) => {
    const query = `uri=${encodeURIComponent(uri)}`
    if (platform === 'ios') return `${universal}/wc?${query}`
    const fallback = encodeURIComponent(store)
    return `intent://wc?${query}#Intent;scheme=${scheme};package=${androidPackage};S.browser_fallback_url=${fallback};end`
  }
}

export const PHONE_WALLETS: readonly PhoneWallet[] = [
  {
    id: 'metaMask',
    name: 'MetaMask',
    link: walletLink({
      universal: 'https://metamask.app.link',
      scheme: 'metamask',
      androidPackage: 'io.metamask',
      store: 'https://play.google.com/store/apps/details?id=io.metamask',
    }),
  },
  {
    id: 'rainbow',
    name: 'Rainbow',
    link: walletLink({
      universal: 'https://rnbwapp.com',
      scheme: 'rainbow',
      androidPackage: 'me.rainbow',
      store: 'https://play.google.com/store/apps/details?id=me.rainbow',
    }),
  },
  { id: 'walletConnect', name: 'WalletConnect', link: (uri) => uri },
]

/** When a pairing URI stops being valid, from its `expiryTimestamp` (epoch seconds); `undefined` if it has none. */
export function pairingExpiry(uri: string): number | undefined {
  const query = uri.split('?')[1]
  const seconds = Number(new URLSearchParams(query ?? '').get('expiryTimestamp'))
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds * 1000 : undefined
}
