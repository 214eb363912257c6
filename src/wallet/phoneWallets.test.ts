// @vitest-environment jsdom
import type { Wallet } from '@rainbow-me/rainbowkit'
import {
  bitgetWallet,
  imTokenWallet,
  ledgerWallet,
  metaMaskWallet,
  okxWallet,
  rainbowWallet,
  safepalWallet,
  trustWallet,
  uniswapWallet,
  zerionWallet,
} from '@rainbow-me/rainbowkit/wallets'
import { afterEach, describe, expect, it } from 'vitest'
import { USER_AGENTS } from '../../testing/userAgents'
import {
  PHONE_WALLET_APPS,
  type PhoneWalletApp,
  type PhoneWalletId,
  pairingExpiry,
  storeLink,
  walletAppNamed,
  walletLink,
} from './phoneWallets'

const URI = `wc:${'a'.repeat(64)}@2?expiryTimestamp=1700000300&relay-protocol=irn&symKey=${'b'.repeat(64)}`
const ENCODED = encodeURIComponent(URI)

function app(id: PhoneWalletId): PhoneWalletApp {
  const wallet = PHONE_WALLET_APPS.find((candidate) => candidate.id === id)
  if (!wallet) throw new Error(`No phone wallet ${id}.`)
  return wallet
}

/** RainbowKit's connector for each wallet: where the store links and custom schemes come from. */
const RAINBOWKIT: Record<PhoneWalletId, (options: { projectId: string; appName: string }) => Wallet> = {
  metaMask: (options) => metaMaskWallet({ ...options, walletConnectParameters: {} }),
  trust: (options) => trustWallet({ ...options, walletConnectParameters: {} }),
  rainbow: (options) => rainbowWallet({ ...options, walletConnectParameters: {} }),
  okx: (options) => okxWallet({ ...options, walletConnectParameters: {} }),
  uniswap: (options) => uniswapWallet({ ...options, walletConnectParameters: {} }),
  zerion: (options) => zerionWallet({ ...options, walletConnectParameters: {} }),
  ledger: (options) => ledgerWallet({ ...options, walletConnectParameters: {} }),
  safepal: (options) => safepalWallet({ ...options, walletConnectParameters: {} }),
  bitget: (options) => bitgetWallet({ ...options, walletConnectParameters: {} }),
  imToken: (options) => imTokenWallet({ ...options, walletConnectParameters: {} }),
}

/** RainbowKit's wallet as it describes itself on a phone with `userAgent`. */
function rainbowKitOn(id: PhoneWalletId, userAgent: string): Wallet {
  Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true })
  return RAINBOWKIT[id]({ projectId: 'test', appName: 'test' })
}

async function rainbowKitPhoneLink(id: PhoneWalletId, userAgent: string): Promise<string | undefined> {
  const getUri = rainbowKitOn(id, userAgent).mobile?.getUri
  return getUri ? await getUri(URI) : undefined
}

const originalUserAgent = navigator.userAgent
afterEach(() => {
  Object.defineProperty(navigator, 'userAgent', { value: originalUserAgent, configurable: true })
})

describe('the phone wallet list', () => {
  it('names at least eight wallet apps, each once', () => {
    expect(PHONE_WALLET_APPS.length).toBeGreaterThanOrEqual(8)
    expect(new Set(PHONE_WALLET_APPS.map((wallet) => wallet.id)).size).toBe(PHONE_WALLET_APPS.length)
    expect(new Set(PHONE_WALLET_APPS.map((wallet) => wallet.name)).size).toBe(PHONE_WALLET_APPS.length)
  })

  it.each(PHONE_WALLET_APPS.map((wallet) => [wallet.name, wallet] as const))(
    '%s has the shape of a wallet app',
    (_, wallet) => {
      expect(wallet.name.trim()).toBe(wallet.name)
      expect(wallet.name.length).toBeGreaterThan(0)
      // A universal link on the maker's https origin, or the app's own scheme; either takes the URI after `/wc?uri=`.
      expect(wallet.ios).toMatch(/^(https:\/\/[a-z0-9.-]+(\/[a-z]+)*\/wc|[a-z0-9]+:\/\/([a-z]+\/)?wc)$/)
      if (wallet.android !== 'wc') {
        expect(wallet.android.scheme).toMatch(/^[a-z0-9]+$/)
        expect('package' in wallet.android ? wallet.android.package : 'none.given').toMatch(
          /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/,
        )
      }
      for (const url of Object.values(wallet.downloads)) expect(new URL(url).protocol).toBe('https:')
      expect(new URL(wallet.downloads.ios).hostname).toMatch(/^(apps|itunes)\.apple\.com$/)
    },
  )

  it.each(PHONE_WALLET_APPS.map((wallet) => [wallet.name, wallet] as const))(
    "%s: the store links are RainbowKit's",
    (_, wallet) => {
      const { downloadUrls } = rainbowKitOn(wallet.id, USER_AGENTS.iphone)
      expect(wallet.downloads).toEqual({
        ios: downloadUrls?.ios,
        ...(downloadUrls?.android ? { android: downloadUrls.android } : {}),
        mobile: downloadUrls?.mobile,
      })
    },
  )

  it.each(
    PHONE_WALLET_APPS.filter((wallet) => !wallet.ios.startsWith('https://')).map(
      (wallet) => [wallet.name, wallet] as const,
    ),
  )("%s on iOS: the custom scheme link is RainbowKit's", async (_, wallet) => {
    expect(walletLink(wallet, URI, 'ios')).toBe(await rainbowKitPhoneLink(wallet.id, USER_AGENTS.iphone))
  })

  it.each(
    PHONE_WALLET_APPS.filter((wallet) => wallet.android === 'wc').map((wallet) => [wallet.name, wallet] as const),
  )('%s on Android: the bare wc: URI, as RainbowKit gives it', async (_, wallet) => {
    expect(walletLink(wallet, URI, 'android')).toBe(URI)
    expect(await rainbowKitPhoneLink(wallet.id, USER_AGENTS.android)).toBe(URI)
  })

  it.each(
    PHONE_WALLET_APPS.flatMap((wallet) =>
      wallet.android !== 'wc' && wallet.id !== 'metaMask' ? [[wallet.name, wallet, wallet.android] as const] : [],
    ),
  )("%s on Android: the intent opens the app's scheme that RainbowKit links to", async (_, wallet, android) => {
    const rainbowKit = await rainbowKitPhoneLink(wallet.id, USER_AGENTS.iphone)
    expect(rainbowKit?.startsWith(`${android.scheme}://${android.host}?uri=${ENCODED}`)).toBe(true)
  })

  it("MetaMask's universal link is the one RainbowKit's QR code carries", async () => {
    const getUri = rainbowKitOn('metaMask', USER_AGENTS.iphone).qrCode?.getUri
    // On a phone RainbowKit hands MetaMask to its SDK; on a desktop its QR code carries the universal link.
    Object.defineProperty(navigator, 'userAgent', { value: 'Mozilla/5.0 (X11; Linux x86_64)', configurable: true })
    const desktopGetUri = metaMaskWallet({ projectId: 'test', walletConnectParameters: {} }).qrCode?.getUri
    expect(getUri).toBeUndefined()
    expect(await desktopGetUri?.(URI)).toBe(walletLink(app('metaMask'), URI, 'ios'))
  })
})

describe('the wallet app that connected', () => {
  it('is known by the name it gives itself, over WalletConnect or in its own browser', () => {
    expect(walletAppNamed('MetaMask Wallet')?.id).toBe('metaMask')
    expect(walletAppNamed('Trust Wallet')?.id).toBe('trust')
    expect(walletAppNamed('Rainbow')?.id).toBe('rainbow')
    expect(walletAppNamed('Bitget Wallet')?.id).toBe('bitget')
    expect(walletAppNamed('BitKeep')?.id).toBe('bitget')
    expect(walletAppNamed('imToken')?.id).toBe('imToken')
    expect(walletAppNamed('Ledger Live')?.id).toBe('ledger')
    expect(walletAppNamed('Safe{Wallet}')).toBeUndefined()
    expect(walletAppNamed('Browser wallet')).toBeUndefined()
    expect(walletAppNamed(undefined)).toBeUndefined()
  })

  it('every listed app can be recognised', () => {
    for (const wallet of PHONE_WALLET_APPS) expect(walletAppNamed(wallet.name)?.id).toBe(wallet.id)
  })
})

describe('phone wallet links', () => {
  it.each([
    ['metaMask', 'ios', `https://metamask.app.link/wc?uri=${ENCODED}`],
    ['rainbow', 'ios', `https://rnbwapp.com/wc?uri=${ENCODED}`],
    ['okx', 'ios', `okex://main/wc?uri=${ENCODED}`],
    [
      'metaMask',
      'android',
      `intent://wc?uri=${ENCODED}#Intent;scheme=metamask;package=io.metamask;S.browser_fallback_url=${encodeURIComponent('https://play.google.com/store/apps/details?id=io.metamask')};end`,
    ],
    [
      'uniswap',
      'android',
      `intent://wc?uri=${ENCODED}#Intent;scheme=uniswap;S.browser_fallback_url=${encodeURIComponent('https://wallet.uniswap.org/')};end`,
    ],
    ['zerion', 'android', URI],
  ] as const)('%s on %s', (id, platform, expected) => {
    expect(walletLink(app(id), URI, platform)).toBe(expected)
  })

  it('carry the whole URI, which the wallet decodes back', () => {
    const link = new URL(walletLink(app('metaMask'), URI, 'ios'))
    expect(link.searchParams.get('uri')).toBe(URI)
  })

  it('lead to the App Store on iOS, the Play Store on Android, else the maker’s page', () => {
    expect(storeLink(app('ledger'), 'ios')).toBe('https://apps.apple.com/us/app/ledger-live-web3-wallet/id1361671700')
    expect(storeLink(app('ledger'), 'android')).toBe('https://play.google.com/store/apps/details?id=com.ledger.live')
    expect(storeLink(app('uniswap'), 'android')).toBe('https://wallet.uniswap.org/')
    expect(storeLink(app('uniswap'), 'desktop')).toBe('https://wallet.uniswap.org/')
  })

  it('read the pairing expiry from the URI', () => {
    expect(pairingExpiry(URI)).toBe(1_700_000_300_000)
    expect(pairingExpiry('wc:abc@2?relay-protocol=irn')).toBeUndefined()
  })
})
