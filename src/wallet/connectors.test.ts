import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { type CreateConnectorFn, createConfig, createConnector, http } from 'wagmi'
import { withDeferredSetup } from './connectors'

type Log = string[]

/** A connector like WalletConnect's: `setup` asks for the provider, which is where an SDK would be downloaded. */
function sdkConnector(log: Log, type = 'walletConnect'): CreateConnectorFn {
  return createConnector(() => ({
    id: type,
    name: type,
    type,
    async setup() {
      log.push('setup')
      await this.getProvider()
    },
    async getProvider() {
      log.push('getProvider')
      return {}
    },
    async connect() {
      throw new Error('not used')
    },
    async disconnect() {},
    async getAccounts() {
      return []
    },
    async getChainId() {
      return 1
    },
    async isAuthorized() {
      return false
    },
    onAccountsChanged() {},
    onChainChanged() {},
    onDisconnect() {},
  }))
}

/** Creates a wagmi config, which sets every connector up, and returns its one connector. */
function build(create: CreateConnectorFn) {
  const config = createConfig({
    chains: [mainnet],
    connectors: [create],
    transports: { [mainnet.id]: http() },
    multiInjectedProviderDiscovery: false,
  })
  const [connector] = config.connectors
  if (!connector) throw new Error('The config has no connector.')
  return connector
}

describe('withDeferredSetup', () => {
  it('does not set up an SDK connector (nor load its provider) when the config is created', () => {
    const log: Log = []
    build(withDeferredSetup(sdkConnector(log)))
    expect(log).toEqual([])
  })

  it('sets the connector up once, on the first request for its provider', async () => {
    const log: Log = []
    const connector = build(withDeferredSetup(sdkConnector(log)))
    await connector.getProvider()
    await connector.getProvider()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(log).toEqual(['setup', 'getProvider', 'getProvider', 'getProvider'])
  })

  it('leaves injected connectors as wagmi sets them up', () => {
    const log: Log = []
    build(withDeferredSetup(sdkConnector(log, 'injected')))
    expect(log).toEqual(['setup', 'getProvider'])
  })
})
