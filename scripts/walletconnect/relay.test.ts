import { SignClient } from '@walletconnect/sign-client'
import { type Hex, recoverMessageAddress, toHex } from 'viem'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from '../../src/config/anvil'
import { LocalRelay } from './relay'
import { TestWallet } from './wallet'

/**
 * The local relay between two real clients of the pinned SDK: a dapp (`@walletconnect/sign-client`, as the portal's
 * provider uses it) and the test wallet. Everything but the relay is WalletConnect's own code.
 */

const CHAIN_ID = 31337
const [, alice] = ANVIL_ACCOUNTS
const [, aliceKey] = ANVIL_PRIVATE_KEYS

let relay: LocalRelay
let closers: (() => Promise<unknown>)[] = []
let prefix = 0

beforeEach(async () => {
  relay = await LocalRelay.start()
  closers = []
})

afterEach(async () => {
  for (const close of closers) await close().catch(() => undefined)
  await relay.stop()
})

async function dapp() {
  const client = await SignClient.init({
    projectId: 'local-relay',
    relayUrl: relay.url,
    customStoragePrefix: `dapp-${prefix++}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: 'error',
    metadata: { name: 'dapp', description: 'dapp', url: 'http://127.0.0.1', icons: [] },
  })
  closers.push(() => client.core.relayer.transportClose())
  return client
}

async function wallet() {
  const created = await TestWallet.create({
    relayUrl: relay.url,
    rpcUrl: 'http://127.0.0.1:1',
    chainId: CHAIN_ID,
    privateKey: aliceKey,
    storagePrefix: `wallet-${prefix++}`,
  })
  closers.push(() => created.close())
  return created
}

async function connected() {
  const [app, holder] = await Promise.all([dapp(), wallet()])
  const { uri, approval } = await app.connect({
    optionalNamespaces: {
      eip155: { chains: [`eip155:${CHAIN_ID}`], methods: ['personal_sign'], events: ['accountsChanged'] },
    },
  })
  if (!uri) throw new Error('connect() gave no URI.')
  await holder.pair(uri)
  const session = await approval()
  return { app, holder, session, uri }
}

function sign(app: Awaited<ReturnType<typeof dapp>>, topic: string, text: string): Promise<Hex> {
  return app.request<Hex>({
    topic,
    chainId: `eip155:${CHAIN_ID}`,
    request: { method: 'personal_sign', params: [toHex(text), alice] },
  })
}

describe('the local relay', () => {
  it('pairs a dapp and the test wallet, which approves the session for its account', async () => {
    const { session, uri, holder } = await connected()
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*relay-protocol=irn.*symKey=[0-9a-f]{64}/)
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:${CHAIN_ID}:${alice}`])
    expect(holder.sessions()).toEqual([session.topic])
  })

  it('carries a request and its answer: the signature is the wallet account’s', async () => {
    const { app, session } = await connected()
    const signature = await sign(app, session.topic, 'claim')
    expect(await recoverMessageAddress({ message: 'claim', signature })).toBe(alice)
  })

  it('speaks the methods the pinned core sends: subscribe, publish, batch subscribe on reconnect, unsubscribe', async () => {
    const { app, holder, session } = await connected()
    relay.dropConnections()
    // Both clients notice, connect again and subscribe to all their topics in one batch.
    await expect.poll(() => relay.requests('irn_batchSubscribe').length).toBe(2)
    await sign(app, session.topic, 'after reconnect')
    // Ending the session unsubscribes from its topic.
    await holder.disconnectAll()
    await expect.poll(() => relay.requests('irn_unsubscribe').length).toBeGreaterThan(0)
    const methods = new Set(relay.requests().map((request) => request.method))
    expect([...methods].sort()).toEqual(['irn_batchSubscribe', 'irn_publish', 'irn_subscribe', 'irn_unsubscribe'])
  })

  it('keeps a message for a client that is away and delivers it when it subscribes again', async () => {
    const { app, holder, session } = await connected()
    holder.holdRequests()
    const signed = sign(app, session.topic, 'kept')
    await expect.poll(() => holder.history('request').length).toBe(1)
    // Both sockets go while the wallet signs; the answer waits in the mailbox until the dapp is back.
    await relay.restart(500)
    await holder.releaseRequests()
    expect(await recoverMessageAddress({ message: 'kept', signature: await signed })).toBe(alice)
  })

  it('a rejection reaches the dapp as EIP-1193 code 4001', async () => {
    const { app, holder, session } = await connected()
    holder.rejectNext('personal_sign')
    await expect(sign(app, session.topic, 'no')).rejects.toMatchObject({ code: 4001 })
  })

  it('delays what it sends by its latency', async () => {
    const { app, session } = await connected()
    relay.latencyMs = 400
    const started = performance.now()
    await sign(app, session.topic, 'slow')
    // The request reaches the wallet one latency after it is published, and the answer comes back one later.
    expect(performance.now() - started).toBeGreaterThanOrEqual(800)
  })

  it('answers an unknown method with an error and batch-fetches what a client has not acknowledged', async () => {
    const { WebSocket } = await import('ws')
    const socket = new WebSocket(relay.url)
    await new Promise((resolve) => socket.once('open', resolve))
    const call = (method: string, params: unknown) =>
      new Promise<unknown>((resolve) => {
        const id = Math.floor(Math.random() * 1e9)
        const onMessage = (data: Buffer) => {
          const reply = JSON.parse(data.toString()) as { id: number }
          if (reply.id !== id) return
          socket.off('message', onMessage)
          resolve(reply)
        }
        socket.on('message', onMessage)
        socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      })
    const { app, session } = await connected()
    // The dapp publishes on the session topic while the wallet is held; a third client fetches it.
    const held = sign(app, session.topic, 'fetched').catch(() => undefined)
    await expect.poll(() => relay.requests('irn_publish').filter((request) => request.tag === 1108).length).toBe(1)
    expect(await call('irn_batchFetchMessages', { topics: [session.topic] })).toMatchObject({
      result: { hasMore: false, messages: expect.arrayContaining([expect.objectContaining({ tag: 1108 })]) },
    })
    expect(await call('irn_nonsense', {})).toMatchObject({ error: { code: -32601 } })
    socket.close()
    await held
  })
})
