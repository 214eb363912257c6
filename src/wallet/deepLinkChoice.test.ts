// @vitest-environment jsdom
import { formatDeeplinkUrl } from '@walletconnect/utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Connector } from 'wagmi'
import { chooseDeepLink, DEEP_LINK_CHOICE_KEY, forgetDeepLinkChoice } from './deepLinkChoice'
import { requestLink } from './openWallet'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'

const sessionWith = (metadata: object) =>
  ({ type: 'walletConnect', getProvider: async () => ({ session: { peer: { metadata } } }) }) as unknown as Connector

const METAMASK = {
  name: 'MetaMask Wallet',
  redirect: { native: 'metamask://', universal: 'https://metamask.app.link' },
}

const stored = () => JSON.parse(localStorage.getItem(DEEP_LINK_CHOICE_KEY) ?? 'null')

beforeEach(() => {
  localStorage.clear()
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE)
})
afterEach(() => vi.restoreAllMocks())

describe("the wallet app WalletConnect's SDK opens for each request", () => {
  it("is stored for a listed app with a universal link, as the base the SDK's own link builder extends", async () => {
    await chooseDeepLink(sessionWith(METAMASK), true)
    expect(stored()).toEqual({ href: 'https://metamask.app.link', name: 'MetaMask' })
    const request = { id: 1732780000123456, topic: 'cd'.repeat(32) }
    expect(formatDeeplinkUrl(stored().href, request.id, request.topic)).toBe(
      requestLink('https://metamask.app.link', request),
    )
  })

  it('is cleared by a connection through the QR code or the bare wc: link, and by a disconnect', async () => {
    await chooseDeepLink(sessionWith(METAMASK), true)
    await chooseDeepLink(sessionWith(METAMASK), false)
    expect(localStorage.getItem(DEEP_LINK_CHOICE_KEY)).toBeNull()
    await chooseDeepLink(sessionWith(METAMASK), true)
    forgetDeepLinkChoice()
    expect(localStorage.getItem(DEEP_LINK_CHOICE_KEY)).toBeNull()
  })

  it('is nothing for a wallet known only by a custom scheme or the bare wc: link, replacing an earlier choice', async () => {
    await chooseDeepLink(sessionWith(METAMASK), true)
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID)
    await chooseDeepLink(sessionWith({ name: 'OKX Wallet' }), true)
    expect(localStorage.getItem(DEEP_LINK_CHOICE_KEY)).toBeNull()
    await chooseDeepLink(sessionWith({ name: 'MetaMask Wallet' }), true)
    expect(localStorage.getItem(DEEP_LINK_CHOICE_KEY)).toBeNull()
  })
})
