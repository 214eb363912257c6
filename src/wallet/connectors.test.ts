import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { type CreateConnectorFn, createConfig, createConnector, http } from 'wagmi'
import { onRelaySocketFailure, withDeferredSetup } from './connectors'

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

/** WalletConnect's provider as far as the relay socket goes: each `createProvider` opens a new connection. */
function fakeRelayProvider() {
  const connections: EventTarget[] = []
  const relayer = {
    provider: undefined as { connection: { once: (event: string, listener: () => void) => void } } | undefined,
    async createProvider() {
      const connection = new EventTarget()
      connections.push(connection)
      this.provider = {
        connection: { once: (event, listener) => connection.addEventListener(event, listener, { once: true }) },
      }
    },
  }
  const failLatest = () => connections.at(-1)?.dispatchEvent(new Event('register_error'))
  return { provider: { signer: { client: { core: { relayer } } } }, relayer, failLatest }
}

describe('onRelaySocketFailure', () => {
  it('tells each listener about every relay socket that fails to open, until it stops listening', async () => {
    const { provider, relayer, failLatest } = fakeRelayProvider()
    const heard: string[] = []
    const stopA = onRelaySocketFailure(provider, () => heard.push('a'))
    onRelaySocketFailure(provider, () => heard.push('b'))
    await relayer.createProvider()
    failLatest()
    await relayer.createProvider()
    failLatest()
    expect(heard).toEqual(['a', 'b', 'a', 'b'])
    stopA()
    await relayer.createProvider()
    failLatest()
    expect(heard).toEqual(['a', 'b', 'a', 'b', 'b'])
  })

  it('does nothing for a provider without a relayer', () => {
    const stop = onRelaySocketFailure({}, () => {
      throw new Error('not called')
    })
    expect(stop).toBeTypeOf('function')
  })
})
