// @vitest-environment jsdom
import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createConfig, createStorage, http, serialize } from 'wagmi'
import { mock } from 'wagmi/connectors'
import { ANVIL_ACCOUNTS } from '../config/anvil'
import { forgetStoredConnections, reconnectCandidates } from './reconnect'
import type { WagmiConfig } from './wagmi'

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

describe('forgetStoredConnections', () => {
  const [, alice] = ANVIL_ACCOUNTS

  /** A wagmi config over the page's storage, which holds the last visit's connection, as wagmi stored it. */
  function configAfterAVisit() {
    window.localStorage.clear()
    const uid = 'last-visit'
    const connection = {
      accounts: [alice],
      chainId: mainnet.id,
      connector: { id: 'mock', name: 'Mock', type: 'mock', uid },
    }
    const stored = {
      state: { connections: { __type: 'Map', value: [[uid, connection]] }, chainId: mainnet.id, current: uid },
      version: 2,
    }
    window.localStorage.setItem('wagmi.store', serialize(stored))
    return createConfig({
      chains: [mainnet],
      connectors: [mock({ accounts: [alice] })],
      transports: { [mainnet.id]: http() },
      storage: createStorage({ storage: window.localStorage }),
      multiInjectedProviderDiscovery: false,
    }) as unknown as WagmiConfig
  }

  it('drops the last visit, which wagmi has read back from the device a task after the config was made', async () => {
    const config = configAfterAVisit()
    // Read back through promises: not yet as the config is made…
    expect(config.state.connections.size).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 0))
    // …and settled a task later.
    expect(config.state.current).toBe('last-visit')
    expect([...config.state.connections.keys()]).toEqual(['last-visit'])
    forgetStoredConnections(config)
    expect(config.state.connections.size).toBe(0)
    expect(config.state.status).toBe('disconnected')
  })
})
