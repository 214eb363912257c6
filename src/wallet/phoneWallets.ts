import type { Platform } from '../lib/device'

/**
 * The wallet apps a phone's connect sheet names, and how each is opened with a WalletConnect pairing URI. Data, kept
 * here: nothing is fetched at run time.
 *
 * The link fires inside the holder's tap (the sheet keeps a pairing ready), which is what iOS requires to hand a link
 * to another app.
 * - iOS: the maker's universal link where one is published: opened from a tap it goes to the app, and when the app is
 *   missing it lands on the wallet's web page instead of Safari's "address is invalid" error, which a custom scheme
 *   gives (and after which Safari refuses further attempts). Where only a custom scheme exists, that scheme; the sheet
 *   then shows the App Store link beside it.
 * - Android: an intent naming the app's package, which Chrome opens with the app's own scheme, or the store page when
 *   it is not installed; where the app takes its links as a bare `wc:` URI, that URI, for whichever wallet the system
 *   picks.
 *
 * Store links and custom schemes are RainbowKit's (its wallet connectors, checked against them by a test); universal
 * links are the makers' own.
 */
export type PhoneWalletApp = {
  /** RainbowKit's id for the wallet. */
  id: string
  name: string
  /** Where the wallet opens a pairing on iOS, `?uri=` appended: an `https:` universal link or the app's scheme. */
  ios: string
  /** On Android: an intent to the app's scheme (and package, when known), or the bare `wc:` URI. */
  android: { scheme: string; host: string; package?: string } | 'wc'
  /** Where to get the app: its App Store and Play Store pages, and the maker's download page. */
  downloads: { ios: string; android?: string; mobile: string }
}

/** The wallet apps phone holders carry, in the order the sheet lists them (recently used ones come first). */
export const PHONE_WALLET_APPS = [
  {
    id: 'metaMask',
    name: 'MetaMask',
    ios: 'https://metamask.app.link/wc',
    android: { scheme: 'metamask', host: 'wc', package: 'io.metamask' },
    downloads: {
      ios: 'https://apps.apple.com/us/app/metamask/id1438144202',
      android: 'https://play.google.com/store/apps/details?id=io.metamask',
      mobile: 'https://metamask.io/download',
    },
  },
  {
    id: 'trust',
    name: 'Trust Wallet',
    ios: 'https://link.trustwallet.com/wc',
    android: { scheme: 'trust', host: 'wc', package: 'com.wallet.crypto.trustapp' },
    downloads: {
      ios: 'https://apps.apple.com/us/app/trust-crypto-bitcoin-wallet/id1288339409',
      android: 'https://play.google.com/store/apps/details?id=com.wallet.crypto.trustapp',
      mobile: 'https://trustwallet.com/download',
    },
  },
  {
    id: 'rainbow',
    name: 'Rainbow',
    ios: 'https://rnbwapp.com/wc',
    android: { scheme: 'rainbow', host: 'wc', package: 'me.rainbow' },
    downloads: {
      ios: 'https://apps.apple.com/app/apple-store/id1457119021?pt=119997837&ct=rainbowkit&mt=8',
      android:
        'https://play.google.com/store/apps/details?id=me.rainbow&referrer=utm_source%3Drainbowkit&utm_source=rainbowkit',
      mobile: 'https://rainbow.download?utm_source=rainbowkit',
    },
  },
  {
    id: 'okx',
    name: 'OKX Wallet',
    ios: 'okex://main/wc',
    android: 'wc',
    downloads: {
      ios: 'https://itunes.apple.com/app/id1327268470?mt=8',
      android: 'https://play.google.com/store/apps/details?id=com.okinc.okex.gp',
      mobile: 'https://okx.com/download',
    },
  },
  {
    id: 'uniswap',
    name: 'Uniswap Wallet',
    ios: 'https://uniswap.org/app/wc',
    android: { scheme: 'uniswap', host: 'wc' },
    downloads: {
      ios: 'https://apps.apple.com/app/apple-store/id6443944476',
      mobile: 'https://wallet.uniswap.org/',
    },
  },
  {
    id: 'zerion',
    name: 'Zerion',
    ios: 'https://wallet.zerion.io/wc',
    android: 'wc',
    downloads: {
      ios: 'https://apps.apple.com/app/apple-store/id1456732565',
      android: 'https://play.google.com/store/apps/details?id=io.zerion.android',
      mobile: 'https://link.zerion.io/pt3gdRP0njb',
    },
  },
  {
    id: 'ledger',
    name: 'Ledger Live',
    ios: 'ledgerlive://wc',
    android: 'wc',
    downloads: {
      ios: 'https://apps.apple.com/us/app/ledger-live-web3-wallet/id1361671700',
      android: 'https://play.google.com/store/apps/details?id=com.ledger.live',
      mobile: 'https://www.ledger.com/ledger-live',
    },
  },
  {
    id: 'safepal',
    name: 'SafePal',
    ios: 'https://link.safepal.io/wc',
    android: { scheme: 'safepalwallet', host: 'wc', package: 'io.safepal.wallet' },
    downloads: {
      ios: 'https://apps.apple.com/app/apple-store/id1548297139?pt=122504219&ct=rainbowkit&mt=8',
      android:
        'https://play.google.com/store/apps/details?id=io.safepal.wallet&referrer=utm_source%3Drainbowkit%26utm_medium%3Ddisplay%26utm_campaign%3Ddownload',
      mobile: 'https://www.safepal.com/en/download',
    },
  },
  {
    id: 'bitget',
    name: 'Bitget Wallet',
    ios: 'bitkeep://wc',
    android: 'wc',
    downloads: {
      ios: 'https://apps.apple.com/app/bitkeep/id1395301115',
      android: 'https://web3.bitget.com/en/wallet-download?type=0',
      mobile: 'https://web3.bitget.com/en/wallet-download?type=2',
    },
  },
  {
    id: 'imToken',
    name: 'imToken',
    ios: 'imtokenv2://wc',
    android: { scheme: 'imtokenv2', host: 'wc', package: 'im.token.app' },
    downloads: {
      ios: 'https://itunes.apple.com/us/app/imtoken2/id1384798940',
      android: 'https://play.google.com/store/apps/details?id=im.token.app',
      mobile: 'https://token.im/download',
    },
  },
] as const satisfies readonly PhoneWalletApp[]

export type PhoneWalletId = (typeof PHONE_WALLET_APPS)[number]['id']

export type PhonePlatform = Exclude<Platform, 'desktop'>

/** The link that opens `wallet` with the pairing `uri` on `platform`. */
export function walletLink(wallet: PhoneWalletApp, uri: string, platform: PhonePlatform): string {
  const query = `uri=${encodeURIComponent(uri)}`
  if (platform === 'ios') return `${wallet.ios}?${query}`
  const { android } = wallet
  if (android === 'wc') return uri
  const fallback = encodeURIComponent(storeLink(wallet, platform))
  const target = android.package ? `package=${android.package};` : ''
  return `intent://${android.host}?${query}#Intent;scheme=${android.scheme};${target}S.browser_fallback_url=${fallback};end`
}

/** Where to get `wallet` on `platform`: its App Store page on iOS, its Play Store page on Android, else the maker's. */
export function storeLink(wallet: PhoneWalletApp, platform: Platform): string {
  const { downloads } = wallet
  if (platform === 'ios') return downloads.ios
  if (platform === 'android' && 'android' in downloads && downloads.android) return downloads.android
  return downloads.mobile
}

/** The wallets the "Get a Wallet" view offers: the first three, each with a store link. */
export const WALLETS_TO_GET = 3

/** How each wallet app names itself to a dapp (its WalletConnect metadata's name, or its EIP-6963 announcement). */
const SELF_NAMES: Record<string, RegExp> = {
  metaMask: /\bmetamask\b/i,
  trust: /\btrust\b/i,
  rainbow: /\brainbow\b/i,
  okx: /\bokx\b/i,
  uniswap: /\buniswap\b/i,
  zerion: /\bzerion\b/i,
  ledger: /\bledger\b/i,
  safepal: /\bsafepal\b/i,
  bitget: /\b(bitget|bitkeep)\b/i,
  imToken: /\bimtoken\b/i,
}

/**
 * The wallet app that connected, from how it names itself: the session's peer metadata over WalletConnect, or the
 * announcement of the wallet whose browser the page runs in. `undefined` for any other wallet.
 */
export function walletAppNamed(name: string | undefined): PhoneWalletApp | undefined {
  if (!name) return undefined
  return PHONE_WALLET_APPS.find((wallet) => SELF_NAMES[wallet.id]?.test(name))
}

/** When a pairing URI stops being valid, from its `expiryTimestamp` (epoch seconds); `undefined` if it has none. */
export function pairingExpiry(uri: string): number | undefined {
  const query = uri.split('?')[1]
  const seconds = Number(new URLSearchParams(query ?? '').get('expiryTimestamp'))
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds * 1000 : undefined
}
