// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { browserWalletIdentity, GENERIC_WALLET_ICON, listenForWallets, nameFromFlags } from './browserWallet'

const coinbase = { name: 'Coinbase Wallet', icon: 'data:image/png;base64,Y2I=', rdns: 'com.coinbase.wallet' }

describe('the wallet of the browser the page runs in', () => {
  it('is named by its own flags, isMetaMask last: many wallets set it too', () => {
    expect(nameFromFlags({ isMetaMask: true, isTrust: true })).toBe('Trust Wallet')
    expect(nameFromFlags({ isMetaMask: true, isCoinbaseWallet: true })).toBe('Coinbase Wallet')
    expect(nameFromFlags({ isMetaMask: true })).toBe('MetaMask')
    expect(nameFromFlags({ isMetaMask: false, isRabby: true })).toBe('Rabby Wallet')
    expect(nameFromFlags({})).toBe('Browser wallet')
    expect(nameFromFlags(undefined)).toBe('Browser wallet')
  })

  it('is shown by its announcement when wagmi dropped it (a listed connector claims its rdns), by flags otherwise, never with a blank icon', () => {
    const provider = { isCoinbaseWallet: true }
    expect(browserWalletIdentity(provider, [{ info: coinbase, provider }])).toEqual({
      name: 'Coinbase Wallet',
      icon: coinbase.icon,
    })
    expect(browserWalletIdentity({ isMetaMask: true, isTrust: true }, [])).toEqual({
      name: 'Trust Wallet',
      icon: GENERIC_WALLET_ICON,
    })
    // Several wallets heard, none of them at window.ethereum: its flags decide.
    const other = { info: { ...coinbase, name: 'Other', rdns: 'other' }, provider: {} }
    expect(browserWalletIdentity({ isRabby: true }, [other, { info: coinbase, provider: {} }]).name).toBe(
      'Rabby Wallet',
    )
    expect(GENERIC_WALLET_ICON).toMatch(/^data:image\/svg\+xml,/)
  })

  it('hears the announcements it asks for, once per wallet, and stops listening when told', () => {
    const heard: string[][] = []
    const announce = (info: typeof coinbase) =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider: {} } }))
    const answer = () => announce(coinbase)
    window.addEventListener('eip6963:requestProvider', answer)
    const stop = listenForWallets((wallets) => heard.push(wallets.map((wallet) => wallet.info.name)))
    announce(coinbase)
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { name: 'broken' } } }))
    announce({ name: 'Trust Wallet', icon: 'data:,', rdns: 'com.trustwallet.app' })
    stop()
    announce({ name: 'Late', icon: 'data:,', rdns: 'late' })
    window.removeEventListener('eip6963:requestProvider', answer)
    expect(heard).toEqual([['Coinbase Wallet'], ['Coinbase Wallet', 'Trust Wallet']])
  })
})
