import { describe, expect, it } from 'vitest'
import { automaticOpen, requestLink, walletToOpen } from './openWallet'

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

describe('the wallet app the SDK may open by itself', () => {
  it("is one with a universal link: its own from its metadata, else the listed app's on an iPhone, without /wc", () => {
    const peer = {
      name: 'MetaMask Wallet',
      redirect: { universal: 'https://metamask.app.link', native: 'metamask://' },
    }
    expect(automaticOpen(peer, 'android')).toEqual({ name: 'MetaMask', href: 'https://metamask.app.link' })
    expect(automaticOpen({ name: 'MetaMask Wallet' }, 'ios')).toEqual({
      name: 'MetaMask',
      href: 'https://metamask.app.link',
    })
    expect(automaticOpen({ name: 'Trust Wallet' }, 'ios')).toEqual({
      name: 'Trust Wallet',
      href: 'https://link.trustwallet.com',
    })
  })

  it('never one known only by a custom scheme or the bare wc: link, nor on a desktop', () => {
    expect(automaticOpen({ name: 'MetaMask Wallet' }, 'android')).toBeUndefined()
    expect(automaticOpen({ name: 'OKX Wallet' }, 'ios')).toBeUndefined()
    expect(automaticOpen({ name: 'OKX Wallet' }, 'android')).toBeUndefined()
    expect(automaticOpen({ name: 'Some Wallet', redirect: { native: 'some://' } }, 'ios')).toBeUndefined()
    expect(
      automaticOpen({ name: 'Some Wallet', redirect: { universal: 'http://plain.example' } }, 'ios'),
    ).toBeUndefined()
    expect(
      automaticOpen({ name: 'MetaMask', redirect: { universal: 'https://metamask.app.link' } }, 'desktop'),
    ).toBeUndefined()
  })
})
