/**
 * A local WalletConnect relay for the demo and the browser tests: a WebSocket server speaking the relay's JSON-RPC
 * the way `@walletconnect/core` 2.21 to 2.25 use it. Clients subscribe to topics and publish end-to-end encrypted
 * messages on them; the relay pushes each message to the topic's other subscribers (`irn_subscription`) and keeps it
 * in a mailbox until its TTL runs out or each of them acknowledged it, so a client that was away (a frozen tab, a
 * dropped socket) receives it when it subscribes again.
 *
 * Besides the `irn_*` methods (as `@walletconnect/relay-api` names them), sign-client 2.25 sends the two steps of a
 * session's setup as one call each, through core's `relayer.publishCustom`: `wc_proposeSession` (the dapp: subscribe
 * me to the pairing topic and publish my proposal on it) and `wc_approveSession` (the wallet: subscribe me to the new
 * session topic, publish my answer on the pairing topic and the settlement on the session topic). A method the relay
 * does not know is refused with an error naming it, logged, and kept in `refused()`.
 *
 * It never reads the messages. It does not check project ids or the clients' signed JWTs either: it serves only this
 * machine.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { RELAY_JSONRPC } from '@walletconnect/relay-api'
import { type RawData, WebSocket, WebSocketServer } from 'ws'

/** The relay protocol `@walletconnect/core` speaks ("irn"). */
const API = (() => {
  const api = RELAY_JSONRPC.irn
  if (!api) throw new Error('@walletconnect/relay-api no longer defines the irn methods.')
  return api
})()

/** The session setup calls sign-client 2.25 sends instead of subscribing and publishing itself. */
export const SESSION_SETUP = { propose: 'wc_proposeSession', approve: 'wc_approveSession' } as const

/**
 * The tags the relay gives the messages those calls carry, as the dapp and wallet of earlier versions tagged them
 * when they published them themselves: proposal, the wallet's answer to it, and the session's settlement.
 */
export const SESSION_SETUP_TAGS = { proposal: 1100, answer: 1101, settlement: 1102 } as const

/** How often the relay pings each socket; Node clients drop a connection that has not been pinged for 35 s. */
const PING_INTERVAL_MS = 15_000

type JsonRpcId = number | string
type JsonRpcRequest = { id: JsonRpcId; jsonrpc: '2.0'; method: string; params?: unknown }
type JsonRpcResponse = { id: JsonRpcId; jsonrpc: '2.0'; result?: unknown; error?: { code: number; message: string } }

/** A published message as the relay keeps it. */
export type RelayMessage = {
  id: string
  topic: string
  message: string
  tag: number | undefined
  attestation: string | undefined
  publishedAt: number
  expiresAt: number
  /** The client that published it, which never gets it back. */
  publisher: string
  /** Clients that acknowledged it. */
  acknowledged: Set<string>
}

/** One JSON-RPC request the relay received, for tests and logs; `refused` holds the error it was answered with. */
export type RelayRequest = {
  method: string
  client: string
  topics: string[]
  tag?: number
  at: number
  refused?: string
}

/** A message the relay accepted, by whichever method carried it. */
export type PublishedMessage = { topic: string; tag: number | undefined; method: string; client: string; at: number }

type Client = {
  id: string
  socket: WebSocket
  subscriptions: Map<string, string>
  /** Pushes sent and not yet acknowledged, by the push's JSON-RPC id. */
  unacknowledged: Map<JsonRpcId, RelayMessage>
}

export type RelayOptions = {
  /** 0 (default) picks a free port. */
  port?: number
  host?: string
  /** Delay added to everything the relay sends, in milliseconds: a slow network between client and relay. */
  latencyMs?: number
  /** Called with one line per request, e.g. to print them. */
  log?: (line: string) => void
}

type Params = Record<string, unknown>

function asParams(params: unknown): Params {
  return typeof params === 'object' && params !== null ? (params as Params) : {}
}

function stringParam(params: Params, name: string): string {
  const value = params[name]
  if (typeof value !== 'string' || value === '') throw new InvalidParams(`Missing or invalid "${name}" param`)
  return value
}

function topicsParam(params: Params): string[] {
  const { topics } = params
  if (!Array.isArray(topics) || !topics.every((topic) => typeof topic === 'string')) {
    throw new InvalidParams('Missing or invalid "topics" param')
  }
  return topics
}

function ttlParam(params: Params): number {
  const { ttl } = params
  if (typeof ttl !== 'number' || !(ttl > 0)) throw new InvalidParams('Missing or invalid "ttl" param')
  return ttl
}

class InvalidParams extends Error {}

/**
 * The client's id: the `iss` of the JWT it connects with (`@walletconnect/relay-auth`'s `signJWT`: `iss` is the
 * client's did:key, kept in its storage across reloads; `sub` is random on every signing). So a client that reloads is
 * the same client, and what it acknowledged before is not delivered to it again, as the real relay does.
 */
function clientIdFrom(url: string | undefined): string {
  const auth = new URL(url ?? '/', 'ws://relay').searchParams.get('auth')
  const payload = auth?.split('.')[1]
  if (payload) {
    try {
      const { iss } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: unknown }
      if (typeof iss === 'string' && iss) return iss
    } catch {
      // Not a JWT: the socket gets an id of its own.
    }
  }
  return `anonymous:${randomUUID()}`
}

export class LocalRelay {
  private server: Server | undefined
  private sockets: WebSocketServer | undefined
  private readonly clients = new Set<Client>()
  private readonly mailbox = new Map<string, RelayMessage[]>()
  private readonly log: RelayRequest[] = []
  private readonly published: PublishedMessage[] = []
  private nextPushId = 1
  private pinger: NodeJS.Timeout | undefined
  private boundPort: number

  /** Added to everything the relay sends, in milliseconds. */
  latencyMs: number

  private constructor(
    private readonly options: RelayOptions,
    port: number,
  ) {
    this.latencyMs = options.latencyMs ?? 0
    this.boundPort = port
  }

  /** Starts a relay listening on `options.port` (or a free port). */
  static async start(options: RelayOptions = {}): Promise<LocalRelay> {
    const relay = new LocalRelay(options, options.port ?? 0)
    await relay.listen()
    return relay
  }

  get port(): number {
    return this.boundPort
  }

  /** The URL clients connect to, `ws://host:port`. */
  get url(): string {
    return `ws://${this.options.host ?? '127.0.0.1'}:${this.boundPort}`
  }

  /** Whether the relay is accepting connections. */
  get listening(): boolean {
    return this.server?.listening ?? false
  }

  /** Every request received so far, oldest first; only those for `method` (e.g. `irn_publish`) when given. */
  requests(method?: string): RelayRequest[] {
    return this.log.filter((request) => method === undefined || request.method === method)
  }

  /** Requests the relay refused (an unknown method, missing or invalid params), oldest first. */
  refused(): RelayRequest[] {
    return this.log.filter((request) => request.refused !== undefined)
  }

  /** Every message published so far, oldest first; only those with `tag` when given (e.g. 1100, a session proposal). */
  messages(tag?: number): PublishedMessage[] {
    return this.published.filter((message) => tag === undefined || message.tag === tag)
  }

  /** What the relay keeps for `topic`, each message with the clients (by `iss`) that acknowledged it. */
  kept(topic: string): readonly RelayMessage[] {
    return this.mailbox.get(topic) ?? []
  }

  /** Sockets currently connected. */
  get connections(): number {
    return this.clients.size
  }

  /** Closes every socket at once, as a relay node going away does; clients reconnect, and the mailbox stays. */
  dropConnections(): void {
    for (const client of this.clients) client.socket.terminate()
  }

  /** Stops listening and drops every socket; `start()` listens again on the same port with the same mailbox. */
  async stop(): Promise<void> {
    clearInterval(this.pinger)
    this.pinger = undefined
    this.dropConnections()
    const { server, sockets } = this
    this.server = undefined
    this.sockets = undefined
    await new Promise<void>((resolve) => (sockets ? sockets.close(() => resolve()) : resolve()))
    await new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()))
  }

  /** Listens again after `stop()`, on the same port, with what was in the mailbox. */
  async restart(downMs = 0): Promise<void> {
    await this.stop()
    if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs))
    await this.listen()
  }

  private async listen(): Promise<void> {
    const server = createServer((_request, response) => {
      response.writeHead(426, { 'content-type': 'text/plain' }).end('This is a WalletConnect relay: use a WebSocket.')
    })
    const sockets = new WebSocketServer({ server })
    sockets.on('connection', (socket, request) => this.accept(socket, request.url))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.boundPort, this.options.host ?? '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
    this.boundPort = (server.address() as AddressInfo).port
    this.server = server
    this.sockets = sockets
    this.pinger = setInterval(() => {
      for (const client of this.clients) client.socket.ping()
    }, PING_INTERVAL_MS)
    this.pinger.unref()
  }

  private accept(socket: WebSocket, url: string | undefined): void {
    const client: Client = { id: clientIdFrom(url), socket, subscriptions: new Map(), unacknowledged: new Map() }
    this.clients.add(client)
    socket.on('message', (data) => this.receive(client, data))
    socket.on('close', () => this.clients.delete(client))
    socket.on('error', () => socket.terminate())
  }

  private send(client: Client, payload: JsonRpcRequest | JsonRpcResponse): void {
    const text = JSON.stringify(payload)
    const write = () => {
      if (client.socket.readyState === WebSocket.OPEN) client.socket.send(text)
    }
    if (this.latencyMs > 0) setTimeout(write, this.latencyMs)
    else write()
  }

  private receive(client: Client, data: RawData): void {
    let payload: Partial<JsonRpcRequest & JsonRpcResponse>
    try {
      payload = JSON.parse(data.toString()) as Partial<JsonRpcRequest & JsonRpcResponse>
    } catch {
      return
    }
    if (payload.id === undefined) return
    if (typeof payload.method !== 'string') {
      this.acknowledge(client, payload.id)
      return
    }
    const { id, method } = payload
    try {
      const result = this.answer(client, method, asParams(payload.params))
      this.send(client, { id, jsonrpc: '2.0', result })
    } catch (error) {
      const code = error instanceof InvalidParams ? -32602 : -32601
      const message = error instanceof Error ? error.message : String(error)
      this.log.push({ method, client: client.id, topics: [], at: Date.now(), refused: message })
      this.options.log?.(`${method} refused: ${message}`)
      this.send(client, { id, jsonrpc: '2.0', error: { code, message } })
    }
  }

  private record(client: Client, method: string, topics: string[], tag?: number): void {
    const request: RelayRequest = {
      method,
      client: client.id,
      topics,
      at: Date.now(),
      ...(tag === undefined ? {} : { tag }),
    }
    this.log.push(request)
    this.options.log?.(`${method} ${topics.map((topic) => topic.slice(0, 8)).join(',')}${tag ? ` tag ${tag}` : ''}`)
  }

  private answer(client: Client, method: string, params: Params): unknown {
    switch (method) {
      case API.subscribe: {
        const topic = stringParam(params, 'topic')
        this.record(client, method, [topic])
        const id = this.subscribe(client, topic)
        this.deliverPending(client, [topic])
        return id
      }
      case API.batchSubscribe: {
        const topics = topicsParam(params)
        this.record(client, method, topics)
        const ids = topics.map((topic) => this.subscribe(client, topic))
        this.deliverPending(client, topics)
        return ids
      }
      case API.unsubscribe: {
        const topic = stringParam(params, 'topic')
        this.record(client, method, [topic])
        client.subscriptions.delete(topic)
        return true
      }
      case API.batchUnsubscribe: {
        const { subscriptions } = params
        if (!Array.isArray(subscriptions)) throw new InvalidParams('Missing or invalid "subscriptions" param')
        const topics = subscriptions.map((subscription) => stringParam(asParams(subscription), 'topic'))
        this.record(client, method, topics)
        for (const topic of topics) client.subscriptions.delete(topic)
        return true
      }
      case API.publish:
        this.publish(client, params, method)
        return true
      case API.batchPublish: {
        const { messages } = params
        if (!Array.isArray(messages)) throw new InvalidParams('Missing or invalid "messages" param')
        for (const message of messages) this.publish(client, asParams(message), method)
        return true
      }
      case SESSION_SETUP.propose: {
        const pairingTopic = stringParam(params, 'pairingTopic')
        const proposal = stringParam(params, 'sessionProposal')
        const ttl = ttlParam(params)
        this.record(client, method, [pairingTopic], SESSION_SETUP_TAGS.proposal)
        this.subscribe(client, pairingTopic)
        this.store(
          client,
          method,
          { topic: pairingTopic, message: proposal, ttl, tag: SESSION_SETUP_TAGS.proposal },
          params,
        )
        return true
      }
      case SESSION_SETUP.approve: {
        const sessionTopic = stringParam(params, 'sessionTopic')
        const pairingTopic = stringParam(params, 'pairingTopic')
        const answer = stringParam(params, 'sessionProposalResponse')
        const settlement = stringParam(params, 'sessionSettlementRequest')
        const ttl = ttlParam(params)
        this.record(client, method, [pairingTopic, sessionTopic])
        this.subscribe(client, sessionTopic)
        this.deliverPending(client, [sessionTopic])
        this.store(
          client,
          method,
          { topic: pairingTopic, message: answer, ttl, tag: SESSION_SETUP_TAGS.answer },
          params,
        )
        this.store(
          client,
          method,
          { topic: sessionTopic, message: settlement, ttl, tag: SESSION_SETUP_TAGS.settlement },
          params,
        )
        return true
      }
      case API.batchFetchMessages: {
        const topics = topicsParam(params)
        this.record(client, method, topics)
        const messages = topics.flatMap((topic) => this.pendingFor(client, topic))
        for (const message of messages) message.acknowledged.add(client.id)
        return { messages: messages.map(subscriptionData), hasMore: false }
      }
    }
    throw new Error(`Method not found: the local WalletConnect relay does not support "${method}".`)
  }

  private subscribe(client: Client, topic: string): string {
    const id = createHash('sha256').update(`${topic}${client.id}`).digest('hex')
    client.subscriptions.set(topic, id)
    return id
  }

  private publish(client: Client, params: Params, method: string): void {
    const topic = stringParam(params, 'topic')
    const message = stringParam(params, 'message')
    const ttl = ttlParam(params)
    const tag = typeof params.tag === 'number' ? params.tag : undefined
    this.record(client, method, [topic], tag)
    this.store(client, method, { topic, message, ttl, tag }, params)
  }

  /** Keeps a message in the topic's mailbox and pushes it to the topic's other subscribers. */
  private store(
    client: Client,
    method: string,
    { topic, message, ttl, tag }: { topic: string; message: string; ttl: number; tag: number | undefined },
    { attestation }: Params,
  ): void {
    const now = Date.now()
    this.published.push({ topic, tag, method, client: client.id, at: now })
    const stored: RelayMessage = {
      id: randomUUID(),
      topic,
      message,
      tag,
      attestation: typeof attestation === 'string' ? attestation : undefined,
      publishedAt: now,
      expiresAt: now + ttl * 1000,
      publisher: client.id,
      acknowledged: new Set(),
    }
    const kept = (this.mailbox.get(topic) ?? []).filter((candidate) => candidate.expiresAt > now)
    kept.push(stored)
    this.mailbox.set(topic, kept)
    for (const subscriber of this.clients) {
      if (subscriber.subscriptions.has(topic)) this.push(subscriber, stored)
    }
  }

  /** Messages on `topic` that `client` has yet to acknowledge (never its own). */
  private pendingFor(client: Client, topic: string): RelayMessage[] {
    const now = Date.now()
    return (this.mailbox.get(topic) ?? []).filter(
      (message) => message.expiresAt > now && message.publisher !== client.id && !message.acknowledged.has(client.id),
    )
  }

  private deliverPending(client: Client, topics: string[]): void {
    for (const topic of topics) for (const message of this.pendingFor(client, topic)) this.push(client, message)
  }

  private push(client: Client, message: RelayMessage): void {
    if (message.publisher === client.id || message.acknowledged.has(client.id)) return
    if ([...client.unacknowledged.values()].includes(message)) return
    const subscriptionId = client.subscriptions.get(message.topic)
    if (subscriptionId === undefined) return
    const id = this.nextPushId++
    client.unacknowledged.set(id, message)
    this.send(client, {
      id,
      jsonrpc: '2.0',
      method: API.subscription,
      params: { id: subscriptionId, data: subscriptionData(message) },
    })
  }

  private acknowledge(client: Client, id: JsonRpcId): void {
    const message = client.unacknowledged.get(id)
    if (!message) return
    client.unacknowledged.delete(id)
    message.acknowledged.add(client.id)
  }
}

function subscriptionData(message: RelayMessage) {
  return {
    topic: message.topic,
    message: message.message,
    publishedAt: message.publishedAt,
    ...(message.attestation === undefined ? {} : { attestation: message.attestation }),
    ...(message.tag === undefined ? {} : { tag: message.tag }),
  }
}
