/**
 * Naming the wallet of the browser the page runs in, when the connector list cannot: wagmi drops an EIP-6963
 * announcement whose `rdns` a listed connector claims (RainbowKit's Coinbase connector claims Coinbase Wallet's), and a
 * browser that only sets `window.ethereum` announces nothing.
 */

import { t } from '@lingui/core/macro'

/** What a wallet announces of itself through EIP-6963 (the part the sheet shows). */
export type AnnouncedWallet = { name: string; icon: string; rdns: string }

/** A wallet's own flags on its provider and the names they stand for, `isMetaMask` last: many wallets also set it. */
const FLAG_NAMES: readonly [flag: string, name: string][] = [
  ['isCoinbaseWallet', 'Coinbase Wallet'],
  ['isTrust', 'Trust Wallet'],
  ['isTrustWallet', 'Trust Wallet'],
  ['isRabby', 'Rabby Wallet'],
  ['isBraveWallet', 'Brave Wallet'],
  ['isOkxWallet', 'OKX Wallet'],
  ['isBitKeep', 'Bitget Wallet'],
  ['isTokenPocket', 'TokenPocket'],
  ['isImToken', 'imToken'],
  ['isSafePal', 'SafePal'],
  ['isZerion', 'Zerion'],
  ['isRainbow', 'Rainbow'],
  ['isPhantom', 'Phantom'],
  ['isFrame', 'Frame'],
  ['isMetaMask', 'MetaMask'],
]

/** The name of a `window.ethereum` provider that announces nothing, from its flags; a plain name when none is known. */
export function nameFromFlags(provider: unknown): string {
  const plainName = () =>
    t({ message: 'Browser wallet', comment: "The wallet built into the holder's browser, when it gives no name" })
  if (typeof provider !== 'object' || provider === null) return plainName()
  const flags = provider as Record<string, unknown>
  return FLAG_NAMES.find(([flag]) => flags[flag] === true)?.[1] ?? plainName()
}

/** A plain wallet, for a wallet that shows no icon of its own: never a blank square. */
export const GENERIC_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#e2e8f0"/>' +
    '<rect x="7" y="10" width="18" height="13" rx="3" fill="none" stroke="#334155" stroke-width="2"/>' +
    '<path d="M7 13h14" stroke="#334155" stroke-width="2"/><circle cx="20.5" cy="17.5" r="1.5" fill="#334155"/></svg>',
)}`

function isAnnouncement(detail: unknown): detail is { info: AnnouncedWallet; provider: unknown } {
  if (typeof detail !== 'object' || detail === null) return false
  const { info } = detail as { info?: Partial<AnnouncedWallet> }
  return typeof info?.name === 'string' && typeof info.icon === 'string' && typeof info.rdns === 'string'
}

/**
 * The EIP-6963 announcements the page hears, each with its provider: asked for once (`eip6963:requestProvider`) and
 * then as they come; `onChange` gets the list each time it grows. Returns the function that stops listening.
 */
export function listenForWallets(onChange: (wallets: { info: AnnouncedWallet; provider: unknown }[]) => void) {
  const heard: { info: AnnouncedWallet; provider: unknown }[] = []
  const onAnnounce = (event: Event) => {
    const { detail } = event as CustomEvent<unknown>
    if (!isAnnouncement(detail) || heard.some((each) => each.info.rdns === detail.info.rdns)) return
    heard.push({ info: detail.info, provider: detail.provider })
    onChange([...heard])
  }
  window.addEventListener('eip6963:announceProvider', onAnnounce)
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => window.removeEventListener('eip6963:announceProvider', onAnnounce)
}

/**
 * How the browser's own wallet is shown when the connector list has no entry for it (only the generic `injected`
 * connector, which connects `window.ethereum`): by the announcement of the provider at `window.ethereum` (or the only
 * one heard), else by its flags with a generic icon.
 */
export function browserWalletIdentity(
  windowWallet: unknown,
  announced: readonly { info: AnnouncedWallet; provider: unknown }[],
): { name: string; icon: string } {
  const own =
    announced.find((each) => each.provider === windowWallet) ?? (announced.length === 1 ? announced[0] : undefined)
  if (own) return { name: own.info.name, icon: own.info.icon }
  return { name: nameFromFlags(windowWallet), icon: GENERIC_WALLET_ICON }
}
