// @vitest-environment jsdom
import { EventEmitter } from 'node:events'
import { mainnet } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type CreateConnectorFn, createConfig, http } from 'wagmi'
import { connect, disconnect } from 'wagmi/actions'
import { mock } from 'wagmi/connectors'
import { ANVIL_ACCOUNTS } from '../config/anvil'
import { endedConnection, watchConnectionEnd, withDisconnectIntent } from './connectionEnd'

const [, alice] = ANVIL_ACCOUNTS
const TOPIC = 'a'.repeat(64)

/**
 * WalletConnect's provider as far as the watcher reads it: its session, and its sign client's events. A deleted
 * session is cleared and told to wagmi, as WalletConnect's provider does.
 */
class FakeProvider {
  session: { topic: string; expiry: number } | undefined
  readonly events = new EventEmitter()
  readonly signer = { client: { events: this.events } }
  constructor(onDeleted: () => void) {
    this.events.on('session_delete', ({ topic }: { topic: string }) => {
      if (topic !== this.session?.topic) return
      this.session = undefined
      onDeleted()
    })
  }
}

function setUp(sessionSeconds: number) {
  let provider: FakeProvider | undefined
  const disconnects: string[] = []
  const walletConnect: CreateConnectorFn = (config) => {
    const base = mock({ accounts: [alice] })(config)
    const current = () => {
      provider ??= new FakeProvider(() => config.emitter.emit('disconnect'))
      return provider
    }
    return {
      ...base,
      id: 'walletConnect',
      name: 'WalletConnect',
      type: 'walletConnect',
      async getProvider() {
        return current()
      },
      async connect(parameters) {
        current().session = { topic: TOPIC, expiry: Math.floor(Date.now() / 1000) + sessionSeconds }
        return base.connect(parameters)
      },
      async disconnect() {
        disconnects.push('disconnect')
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  }
  const config = createConfig({
    chains: [mainnet],
    connectors: [withDisconnectIntent(walletConnect)],
    transports: { [mainnet.id]: http() },
    multiInjectedProviderDiscovery: false,
  })
  const [connector] = config.connectors
  if (!connector) throw new Error('No connector.')
  const stop = watchConnectionEnd(config)
  return {
    config,
    connector,
    disconnects,
    stop,
    provider: async () => (await connector.getProvider()) as FakeProvider,
  }
}

/** Lets the promises the watcher chains (the provider, wagmi's state) settle. */
const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') })
  localStorage.clear()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('a WalletConnect connection that ends', () => {
  it('by the wallet: recorded for its address, until a wallet connects again', async () => {
    const { config, connector, stop } = setUp(7 * 86_400)
    await connect(config, { connector })
    await settle()
    connector.emitter.emit('disconnect')
    await settle()
    expect(config.state.status).toBe('disconnected')
    expect(endedConnection.get()).toEqual({ address: alice, reason: 'wallet' })
    expect(JSON.parse(localStorage.getItem('nai.endedConnection') ?? 'null')).toEqual({
      address: alice,
      reason: 'wallet',
    })

    await connect(config, { connector })
    await settle()
    expect(endedConnection.get()).toBeUndefined()
    stop()
  })

  it('by the holder: nothing recorded', async () => {
    const { config, connector, disconnects, stop } = setUp(7 * 86_400)
    await connect(config, { connector })
    await settle()
    await disconnect(config, { connector })
    await settle()
    expect(disconnects).toEqual(['disconnect'])
    expect(config.state.status).toBe('disconnected')
    expect(endedConnection.get()).toBeUndefined()
    stop()
  })

  it('by its expiry while the page is open: the session is deleted in the provider and recorded as expired', async () => {
    const { config, connector, disconnects, provider, stop } = setUp(100)
    await connect(config, { connector })
    await settle()
    await vi.advanceTimersByTimeAsync(99_000)
    expect(config.state.status).toBe('connected')
    expect(endedConnection.get()).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1_000)
    expect((await provider()).session).toBeUndefined()
    expect(config.state.status).toBe('disconnected')
    expect(endedConnection.get()).toEqual({ address: alice, reason: 'expired' })
    expect(disconnects).toEqual([])
    stop()
  })

  it('a session the wallet extends is followed to its new expiry', async () => {
    const { config, connector, provider, stop } = setUp(100)
    await connect(config, { connector })
    await settle()
    const session = (await provider()).session
    if (!session) throw new Error('No session.')
    session.expiry += 3_600
    await vi.advanceTimersByTimeAsync(101_000)
    expect(config.state.status).toBe('connected')
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(endedConnection.get()).toEqual({ address: alice, reason: 'expired' })
    stop()
  })

  it('while the page was closed: a reconnect that finds no session is recorded as away', async () => {
    const { config, connector, stop } = setUp(7 * 86_400)
    config.setState((state) => ({
      ...state,
      status: 'reconnecting',
      current: connector.uid,
      connections: new Map([[connector.uid, { accounts: [alice], chainId: mainnet.id, connector }]]),
    }))
    config.setState((state) => ({ ...state, status: 'disconnected', current: null, connections: new Map() }))
    expect(endedConnection.get()).toEqual({ address: alice, reason: 'away' })
    stop()
  })

  it('a stored record that is not one is dropped', () => {
    localStorage.setItem('nai.endedConnection', '{"address":"0x12","reason":"wallet"}')
    expect(endedConnection.get()).toBeUndefined()
    localStorage.setItem('nai.endedConnection', JSON.stringify({ address: alice, reason: 'bored' }))
    expect(endedConnection.get()).toBeUndefined()
    expect(localStorage.getItem('nai.endedConnection')).toBeNull()
  })
})
