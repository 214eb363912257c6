import { describe, expect, it } from 'vitest'
import { PHONE_WALLETS, pairingExpiry } from './phoneWallets'

const URI = `wc:${'a'.repeat(64)}@2?expiryTimestamp=1700000300&relay-protocol=irn&symKey=${'b'.repeat(64)}`
const ENCODED = encodeURIComponent(URI)

function linkOf(id: string, platform: 'ios' | 'android') {
  const wallet = PHONE_WALLETS.find((candidate) => candidate.id === id)
  if (!wallet) throw new Error(`No phone wallet ${id}.`)
  return wallet.link(URI, platform)
}

describe('phone wallet links', () => {
  it.each([
    ['metaMask', 'ios', `https://metamask.app.link/wc?uri=${ENCODED}`],
    ['rainbow', 'ios', `https://rnbwapp.com/wc?uri=${ENCODED}`],
    [
      'metaMask',
      'android',
      `intent://wc?uri=${ENCODED}#Intent;scheme=metamask;package=io.metamask;S.browser_fallback_url=${encodeURIComponent('https://play.google.com/store/apps/details?id=io.metamask')};end`,
    ],
    [
      'rainbow',
      'android',
      `intent://wc?uri=${ENCODED}#Intent;scheme=rainbow;package=me.rainbow;S.browser_fallback_url=${encodeURIComponent('https://play.google.com/store/apps/details?id=me.rainbow')};end`,
    ],
    ['walletConnect', 'ios', URI],
    ['walletConnect', 'android', URI],
  ] as const)('%s on %s', (id, platform, expected) => {
    expect(linkOf(id, platform)).toBe(expected)
  })

  it('carry the whole URI, which the wallet decodes back', () => {
    const link = new URL(linkOf('metaMask', 'ios'))
    expect(link.searchParams.get('uri')).toBe(URI)
  })

  it('read the pairing expiry from the URI', () => {
    expect(pairingExpiry(URI)).toBe(1_700_000_300_000)
    expect(pairingExpiry('wc:abc@2?relay-protocol=irn')).toBeUndefined()
  })
})
