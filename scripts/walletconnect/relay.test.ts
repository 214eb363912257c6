import { SignClient } from '@walletconnect/sign-client'
import { type Hex, recoverMessageAddress, toHex } from 'viem'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SignClient as SignClient225 } from 'walletconnect-sign-client-2.25'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from '../../src/config/anvil'
import { LocalRelay, SESSION_SETUP_TAGS } from './relay'
import { TestWallet, WALLET_SDKS, type WalletSdk } from './wallet'

/**
 * The local relay between real clients of WalletConnect's SDKs: a dapp on the portal's own sign-client (2.21) or on
 * today's (2.25, which sets sessions up with `wc_proposeSession`), and the test wallet on today's WalletKit (which
 * approves with `wc_approveSession`) or on the portal's sign-client. Everything but the relay is WalletConnect's code.
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

type DappVersion = '2.21' | '2.25'
const DAPP_VERSIONS: DappVersion[] = ['2.21', '2.25']

type Dapp = {
  connect: (params: {
    optionalNamespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }>
  }) => Promise<{
    uri?: string
    approval: () => Promise<{ topic: string; namespaces: Record<string, { accounts: string[] }> }>
  }>
  request: <T>(params: { topic: string; chainId: string; request: { method: string; params: unknown[] } }) => Promise<T>
}

async function dapp(version: DappVersion = '2.21'): Promise<Dapp> {
  const Client = version === '2.21' ? SignClient : SignClient225
  const client = await Client.init({
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

async function wallet(sdk: WalletSdk = 'walletkit') {
  const created = await TestWallet.create({
    sdk,
    relayUrl: relay.url,
    rpcUrl: 'http://127.0.0.1:1',
    chainId: CHAIN_ID,
    privateKey: aliceKey,
    storagePrefix: `wallet-${prefix++}`,
  })
  closers.push(() => created.close())
  return created
}

async function connected(version: DappVersion = '2.21', sdk: WalletSdk = 'walletkit') {
  const [app, holder] = await Promise.all([dapp(version), wallet(sdk)])
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

function sign(app: Dapp, topic: string, text: string): Promise<Hex> {
  return app.request<Hex>({
    topic,
    chainId: `eip155:${CHAIN_ID}`,
    request: { method: 'personal_sign', params: [toHex(text), alice] },
  })
}

/** The relay methods each side's SDK sends to set a session up and to carry a request. */
const SETUP_METHODS: Record<DappVersion | WalletSdk, string[]> = {
  '2.21': ['irn_publish', 'irn_subscribe'],
  '2.25': ['wc_proposeSession', 'irn_subscribe', 'irn_publish'],
  'sign-client': ['irn_subscribe', 'irn_publish'],
  walletkit: ['irn_subscribe', 'wc_approveSession', 'irn_publish'],
}

describe.each(DAPP_VERSIONS.flatMap((version) => WALLET_SDKS.map((sdk) => [version, sdk] as const)))(
  'a dapp on sign-client %s and a wallet on %s',
  (version, sdk) => {
    it('pair through the relay, and the wallet approves the session for its account', async () => {
      const { session, uri, holder } = await connected(version, sdk)
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*relay-protocol=irn.*symKey=[0-9a-f]{64}/)
      expect(session.namespaces.eip155?.accounts).toEqual([`eip155:${CHAIN_ID}:${alice}`])
      expect(holder.sessions()).toEqual([session.topic])
      // Proposal, answer and settlement go through the relay once each with the protocol's tags, whichever method
      // carried them (a 2.21 wallet publishes the settlement before the answer; the dapp's 1103 acknowledges it).
      const setup = relay
        .messages()
        .map((message) => message.tag)
        .filter((tag) => tag !== undefined && tag <= SESSION_SETUP_TAGS.settlement)
      expect(setup.sort()).toEqual([
        SESSION_SETUP_TAGS.proposal,
        SESSION_SETUP_TAGS.answer,
        SESSION_SETUP_TAGS.settlement,
      ])
      expect(relay.refused()).toEqual([])
    })

    it('carries a request and its answer: the signature is the wallet account’s', async () => {
      const { app, session } = await connected(version, sdk)
      const signature = await sign(app, session.topic, 'claim')
      expect(await recoverMessageAddress({ message: 'claim', signature })).toBe(alice)
      const methods = new Set(relay.requests().map((request) => request.method))
      expect([...methods].sort()).toEqual([...new Set([...SETUP_METHODS[version], ...SETUP_METHODS[sdk]])].sort())
      expect(relay.refused()).toEqual([])
    })

    it('a rejection reaches the dapp as EIP-1193 code 4001', async () => {
      const { app, holder, session } = await connected(version, sdk)
      holder.rejectNext('personal_sign')
      await expect(sign(app, session.topic, 'no')).rejects.toMatchObject({ code: 4001 })
    })

    it('both sides subscribe again in one batch after the relay drops them, and go on; ending the session unsubscribes', async () => {
      const { app, holder, session } = await connected(version, sdk)
      relay.dropConnections()
      await expect.poll(() => relay.requests('irn_batchSubscribe').length).toBe(2)
      await sign(app, session.topic, 'after reconnect')
      await holder.disconnectAll()
      await expect.poll(() => relay.requests('irn_unsubscribe').length).toBeGreaterThan(0)
      expect(relay.refused()).toEqual([])
    })
  },
)

describe('the local relay', () => {
  it('subscribes the dapp that proposes with wc_proposeSession to the pairing topic and tags the proposal 1100', async () => {
    await connected('2.25', 'sign-client')
    const [propose] = relay.requests('wc_proposeSession')
    expect(propose).toMatchObject({ tag: SESSION_SETUP_TAGS.proposal })
    const [proposal] = relay.messages(SESSION_SETUP_TAGS.proposal)
    expect(proposal).toMatchObject({ method: 'wc_proposeSession', topic: propose?.topics[0], client: propose?.client })
  })

  it('subscribes the wallet that approves with wc_approveSession to the session topic, where the dapp then writes', async () => {
    const { app, session } = await connected('2.21', 'walletkit')
    const [approve] = relay.requests('wc_approveSession')
    expect(approve?.topics).toEqual([expect.any(String), session.topic])
    expect(relay.messages(SESSION_SETUP_TAGS.answer)[0]).toMatchObject({ topic: approve?.topics[0] })
    expect(relay.messages(SESSION_SETUP_TAGS.settlement)[0]).toMatchObject({ topic: session.topic })
    // The wallet never subscribed to the session topic itself, yet receives the dapp's request on it.
    expect(
      relay
        .requests('irn_subscribe')
        .some((request) => request.topics.includes(session.topic) && request.client === approve?.client),
    ).toBe(false)
    expect(await recoverMessageAddress({ message: 'yes', signature: await sign(app, session.topic, 'yes') })).toBe(
      alice,
    )
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

  it("knows a client by its JWT's iss: a reload with the same iss gets nothing it acknowledged; a new iss is a new client", async () => {
    const { WebSocket } = await import('ws')
    /** A raw client authenticated as `iss`, with a fresh random `sub` as relay-auth signs each time. */
    const client = async (iss: string) => {
      const claims = { iss, sub: Math.random().toString(16).slice(2), aud: relay.url }
      const jwt = ['header', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'signature'].join('.')
      const socket = new WebSocket(`${relay.url}?auth=${jwt}`)
      await new Promise((resolve) => socket.once('open', resolve))
      const pushed: { id: number; params: { data: { message: string } } }[] = []
      socket.on('message', (data: Buffer) => {
        const payload = JSON.parse(data.toString()) as (typeof pushed)[number] & { method?: string }
        if (payload.method !== 'irn_subscription') return
        pushed.push(payload)
        // Acknowledged, as core does for every push it receives.
        socket.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', result: true }))
      })
      const call = (method: string, params: unknown) =>
        socket.send(JSON.stringify({ id: Math.floor(Math.random() * 1e9), jsonrpc: '2.0', method, params }))
      closers.push(async () => socket.close())
      return { socket, pushed, call }
    }
    const topic = 'a1'.repeat(32)
    const reader = await client('did:key:z6MkReader')
    reader.call('irn_subscribe', { topic })
    const writer = await client('did:key:z6MkWriter')
    writer.call('irn_publish', { topic, message: 'hello', ttl: 300, tag: 1108 })
    await expect.poll(() => reader.pushed.map((push) => push.params.data.message)).toEqual(['hello'])
    await expect
      .poll(() => relay.kept(topic).map((message) => [...message.acknowledged]))
      .toEqual([['did:key:z6MkReader']])
    reader.socket.close()

    // The page reloads: a new socket and a new `sub`, the same `iss`. Nothing it acknowledged comes back.
    const reloaded = await client('did:key:z6MkReader')
    reloaded.call('irn_subscribe', { topic })
    reloaded.call('irn_batchFetchMessages', { topics: [topic] })
    writer.call('irn_publish', { topic, message: 'after the reload', ttl: 300, tag: 1108 })
    await expect.poll(() => reloaded.pushed.map((push) => push.params.data.message)).toEqual(['after the reload'])

    // Another client (another did:key) has acknowledged nothing: it gets both.
    const other = await client('did:key:z6MkOther')
    other.call('irn_subscribe', { topic })
    await expect.poll(() => other.pushed.map((push) => push.params.data.message)).toEqual(['hello', 'after the reload'])
  })

  it('delays what it sends by its latency', async () => {
    const { app, session } = await connected()
    relay.latencyMs = 400
    const started = performance.now()
    await sign(app, session.topic, 'slow')
    // The request reaches the wallet one latency after it is published, and the answer comes back one later.
    expect(performance.now() - started).toBeGreaterThanOrEqual(800)
  })

  it('refuses an unknown method with an error naming it, logs it, and batch-fetches what a client has not acknowledged', async () => {
    await relay.stop()
    const lines: string[] = []
    relay = await LocalRelay.start({ log: (line) => lines.push(line) })
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
    const refusal = 'Method not found: the local WalletConnect relay does not support "irn_nonsense".'
    expect(await call('irn_nonsense', {})).toMatchObject({ error: { code: -32601, message: refusal } })
    expect(await call('wc_approveSession', { pairingTopic: 'a' })).toMatchObject({
      error: { code: -32602, message: 'Missing or invalid "sessionTopic" param' },
    })
    expect(relay.refused().map((request) => [request.method, request.refused])).toEqual([
      ['irn_nonsense', refusal],
      ['wc_approveSession', 'Missing or invalid "sessionTopic" param'],
    ])
    expect(lines).toContain(`irn_nonsense refused: ${refusal}`)
    socket.close()
    await held
  })
})
