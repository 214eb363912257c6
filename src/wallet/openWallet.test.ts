import { describe, expect, it } from 'vitest'
import { requestLink, walletToOpen } from './openWallet'

const request = { id: 1732780000123456, topic: 'ab'.repeat(32) }
const query = `requestId=${request.id}&sessionTopic=${request.topic}`

describe('the wallet app to bring forward for a request', () => {
  it("builds WalletConnect's own request link", () => {
    expect(requestLink('https://metamask.app.link', request)).toBe(`https://metamask.app.link/wc?${query}`)
    expect(requestLink('https://metamask.app.link/', request)).toBe(`https://metamask.app.link/wc?${query}`)
    expect(requestLink('metamask://', request)).toBe(`metamask://wc?${query}`)
  })

  it("prefers the wallet's own universal link from its metadata", () => {
    const peer = { name: 'MetaMask Wallet', redirect: { universal: 'https://example.app.link', native: 'mm://' } }
    expect(walletToOpen(peer, 'ios', request)).toEqual({
      name: 'MetaMask',
      href: `https://example.app.link/wc?${query}`,
    })
  })

  it("then the listed app's link: its universal link on iOS, its scheme on Android", () => {
    expect(walletToOpen({ name: 'MetaMask Wallet' }, 'ios', request)?.href).toBe(
      `https://metamask.app.link/wc?${query}`,
    )
    expect(walletToOpen({ name: 'MetaMask Wallet' }, 'android', request)?.href).toBe(`metamask://wc?${query}`)
    expect(walletToOpen({ name: 'OKX Wallet' }, 'ios', request)?.href).toBe(`okex://main/wc?${query}`)
  })

  it('an Android wallet reached through the bare wc: scheme gets that plain link; an unknown wallet its native scheme, or nothing', () => {
    expect(walletToOpen({ name: 'OKX Wallet' }, 'android', request)).toEqual({ name: 'OKX Wallet', href: 'wc:' })
    expect(walletToOpen({ name: 'Some Wallet', redirect: { native: 'some://' } }, 'ios', request)).toEqual({
      name: 'Some Wallet',
      href: `some://wc?${query}`,
    })
    expect(walletToOpen({ name: 'Some Wallet' }, 'ios', request)).toBeUndefined()
    expect(
      walletToOpen({ name: 'Some Wallet', redirect: { universal: 'http://plain.example' } }, 'ios', request),
    ).toBeUndefined()
  })

  it('before any request, the plain link; never on a desktop', () => {
    expect(walletToOpen({ name: 'Trust Wallet' }, 'ios', undefined)).toEqual({
      name: 'Trust Wallet',
      href: 'https://link.trustwallet.com',
    })
    expect(walletToOpen({ name: 'MetaMask' }, 'desktop', request)).toBeUndefined()
  })
})
