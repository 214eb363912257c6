import { describe, expect, it } from 'vitest'
import { reconnectCandidates } from './reconnect'

const connectors = [
  { id: 'localTestWallet', type: 'injected' },
  { id: 'injected', type: 'injected' },
  { id: 'io.rabby', type: 'injected' },
  { id: 'metaMaskSDK', type: 'metaMask' },
  { id: 'coinbaseWalletSDK', type: 'coinbaseWallet' },
  { id: 'walletConnect', type: 'walletConnect' },
  { id: 'safe', type: 'safe' },
]
const ids = (list: readonly { id: string }[]) => list.map((connector) => connector.id)

describe('reconnectCandidates', () => {
  it('asks only injected wallets on a first visit, so that no wallet SDK is downloaded', () => {
    expect(ids(reconnectCandidates(connectors, null, false))).toEqual(['localTestWallet', 'injected', 'io.rabby'])
  })

  it.each([
    ['walletConnect', ['localTestWallet', 'injected', 'io.rabby', 'walletConnect']],
    ['coinbaseWalletSDK', ['localTestWallet', 'injected', 'io.rabby', 'coinbaseWalletSDK']],
    ['metaMaskSDK', ['localTestWallet', 'injected', 'io.rabby', 'metaMaskSDK']],
    ['io.rabby', ['localTestWallet', 'injected', 'io.rabby']],
  ])('adds the wallet the holder used last (%s), and no other SDK wallet', (recent, expected) => {
    expect(ids(reconnectCandidates(connectors, recent, false))).toEqual(expected)
  })

  it('adds Safe only inside an iframe', () => {
    expect(ids(reconnectCandidates(connectors, null, true))).toEqual([
      'localTestWallet',
      'injected',
      'io.rabby',
      'safe',
    ])
  })

  it('ignores a stored id that no connector has', () => {
    expect(ids(reconnectCandidates(connectors, 'uninstalled.wallet', false))).toEqual([
      'localTestWallet',
      'injected',
      'io.rabby',
    ])
  })
})
