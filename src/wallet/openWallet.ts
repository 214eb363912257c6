import { t } from '@lingui/core/macro'
import type { Platform } from '../lib/device'
import { type PhoneWalletApp, walletAppNamed } from './phoneWallets'

/** What a WalletConnect session says of the wallet on its other end (its peer metadata), as far as opening it goes. */
export type WalletPeer = { name?: string; redirect?: { native?: string; universal?: string } }

/** A request the page sent the wallet over WalletConnect (sign-client's `session_request_sent`). */
export type SentRequest = { id: number; topic: string }

/** The wallet app to bring forward for a request, by name, and the link that opens it. */
export type WalletToOpen = { name: string; href: string }

/**
 * The link that opens the wallet app at request `request`, built as WalletConnect's own `formatDeeplinkUrl` builds it:
 * `{base}/wc?requestId=…&sessionTopic=…`.
 */
export function requestLink(base: string, request: SentRequest): string {
  const trimmed = base.endsWith('/') ? base.slice(0, -1) : base
  return `${trimmed}/wc?requestId=${request.id}&sessionTopic=${request.topic}`
}

const withoutWc = (link: string) => link.replace(/\/wc\/?$/, '')

/** Where a listed wallet app opens on this phone: its iOS link (universal or scheme), or its Android scheme. */
function listedBase(app: PhoneWalletApp, platform: Platform): string | undefined {
  if (platform === 'ios') return withoutWc(app.ios)
  if (platform === 'android' && app.android !== 'wc') return `${app.android.scheme}://`
  return undefined
}

/**
 * The wallet app to open for `request` on a phone: its own universal link from its metadata first (a universal link
 * opens the app, or its web page when it is missing, never an error), then the listed app's link, then its metadata's
 * native scheme. An Android wallet reached through the bare `wc:` scheme gets that plain link. `undefined` when
 * nothing is known of where the wallet lives (no Open link is better than a dead one).
 */
export function walletToOpen(
  peer: WalletPeer,
  platform: Platform,
  request: SentRequest | undefined,
): WalletToOpen | undefined {
  if (platform === 'desktop') return undefined
  const app = walletAppNamed(peer.name)
  const name = app?.name ?? peer.name ?? unnamedWallet()
  const universal = peer.redirect?.universal?.startsWith('https://') ? peer.redirect.universal : undefined
  const base = universal ?? (app && listedBase(app, platform)) ?? peer.redirect?.native
  if (base) return { name, href: request ? requestLink(base, request) : base }
  if (app && platform === 'android' && app.android === 'wc') return { name, href: 'wc:' }
  return undefined
}

/**
 * The wallet app WalletConnect's SDK may open by itself for each request, as `{ name, href }` with `href` the base it
 * adds `/wc?requestId=…` to: only one reached through a universal (https) link, its own or the listed app's on an
 * iPhone. The SDK opens a custom scheme in the portal's own tab, where a missing app replaces the portal with the
 * phone's "address is invalid"; a universal link opens the app, or its web page in a tab of its own.
 */
export function automaticOpen(peer: WalletPeer, platform: Platform): WalletToOpen | undefined {
  if (platform === 'desktop') return undefined
  const app = walletAppNamed(peer.name)
  const universal = peer.redirect?.universal ?? (platform === 'ios' ? app?.ios : undefined)
  if (!universal?.startsWith('https://')) return undefined
  // Kept by WalletConnect's SDK as its deep-link choice, never shown: not translated.
  return { name: app?.name ?? peer.name ?? 'your wallet', href: withoutWc(universal) }
}

/** A wallet that gave no name of its own, as a sentence names it ("Open your wallet"). */
function unnamedWallet(): string {
  return t({ message: 'your wallet', comment: 'A wallet that gave no name, inside a sentence: "Open your wallet"' })
}
