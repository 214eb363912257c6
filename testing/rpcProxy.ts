/**
 * A JSON-RPC proxy in front of a node (anvil) that can misbehave the way public RPC endpoints do, so that the portal
 * can be tested against their limits: browser tests route the page's RPC through it, and a local run can put it
 * between the app and anvil.
 *
 * Faults are options, at two levels. HTTP faults act on a whole request before any call in it is read: a status such
 * as 429 (with or without an exposed Retry-After) or 503, a hang, a slow answer, a body that is not JSON, a dropped
 * connection, or a per-client request rate. Each call fault then looks at one JSON-RPC call and either answers it
 * with an error, as the public node would, or lets it through to the node. `FAULT_PROFILES` names ready-made
 * combinations for manual runs (`npm start -- --rpc-faults <profile>`).
 *
 * It also records what an app asks for — every call with when it arrived and, for an `eth_call`, which read it was —
 * and can hold every answer back, so that the benches can count an app's reads and see what a page shows without
 * the network.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http'
import type { AddressInfo } from 'node:net'

export type RpcCall = { jsonrpc: '2.0'; id: string | number | null; method: string; params?: unknown }
export type RpcError = { code: number; message: string; data?: unknown }
export type RpcReply = { jsonrpc: '2.0'; id: string | number | null } & ({ result: unknown } | { error: RpcError })

/** What a whole HTTP request can meet, before any of its calls reaches the node. */
export type HttpFault =
  /** This status, e.g. 429 with Retry-After or 503; Retry-After is readable by a page only if exposed. */
  | { kind: 'status'; status: number; retryAfterSeconds?: number; exposeRetryAfter?: boolean }
  /** Never answers: the socket stays open until the proxy stops or the client gives up. */
  | { kind: 'hang' }
  /** Answers correctly after a delay. */
  | { kind: 'slow'; delayMs: number }
  /** 200 with a body that is not JSON. */
  | { kind: 'malformed' }
  /** Destroys the socket without an answer. */
  | { kind: 'drop' }

export type FaultOptions = {
  /** `eth_getLogs` over more blocks than this is refused, as public nodes refuse wide ranges. */
  getLogsMaxRange?: number
  /** `eth_getLogs` is refused whatever its range, as by a node that keeps no history. */
  getLogsRefused?: boolean
  /**
   * Every HTTP request gets this fault; with `requests`, only the next N requests (counted from when the faults were
   * set), then requests pass.
   */
  http?: HttpFault & { requests?: number }
  /**
   * More than `perSecond` requests in one second from one client are answered 429 (with Retry-After: 1, exposed only
   * if exposeRetryAfter). A client = the request's remote address plus its `origin`/`x-forwarded-for` header if any.
   * The second starts at the client's first request in it. Requests that `http` faults are not counted.
   */
  rateLimit?: { perSecond: number; exposeRetryAfter?: boolean }
}

export type RpcProxyOptions = {
  /** The node's JSON-RPC URL. */
  upstream: string
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number
  faults?: FaultOptions
}

/** What a fault may ask: the node itself, for facts such as the latest block. */
export type FaultContext = { node: (method: string, params: unknown[]) => Promise<unknown> }

/** Refuses `call` with an error, or returns `undefined` to let it through. */
export type CallFault = (call: RpcCall, context: FaultContext) => Promise<RpcError | undefined>

/**
 * One entry per call the proxy saw: its method and whether a fault answered it; `at` is when its request arrived
 * (epoch milliseconds, comparable with a page's clock), and `call` says which read an `eth_call` was: its target,
 * selector and calldata size.
 */
export type ProxyLogEntry = { method: string; refused: RpcError | undefined; at: number; call?: string }

/** One entry per POST the proxy saw, in the order they were answered (or hung, or dropped). */
export type HttpLogEntry = {
  /** The HTTP status sent; 0 for a hang or a drop. */
  status: number
  /** The JSON-RPC methods in the body, single or batched; empty when it was not JSON. */
  methods: string[]
  fault: HttpFault['kind'] | 'rate-limit' | undefined
  /** When the request arrived (epoch milliseconds). */
  at: number
}

export type RpcProxy = {
  url: string
  port: number
  /** Every call that reached the call faults (not those an HTTP fault answered), in order. */
  log: readonly ProxyLogEntry[]
  /** Every POST, with what the proxy answered. */
  requests: readonly HttpLogEntry[]
  /** Replaces the faults from now on (a test can switch a fault on halfway through). */
  setFaults: (faults: FaultOptions) => void
  /** Empties `log` and `requests`, so that a measurement counts only what follows. */
  reset: () => void
  /**
   * Holds every answer (after the HTTP faults, before the node is asked) until the returned function is called:
   * shows what a page can do without the network.
   */
  hold: () => () => void
  stop: () => Promise<void>
}

const BLOCK_TAGS_AT_HEAD = new Set(['latest', 'pending', 'safe', 'finalized'])

async function blockOf(tag: unknown, context: FaultContext): Promise<bigint> {
  if (typeof tag === 'string' && /^0x[0-9a-f]+$/i.test(tag)) return BigInt(tag)
  if (tag === 'earliest') return 0n
  if (tag === undefined || (typeof tag === 'string' && BLOCK_TAGS_AT_HEAD.has(tag))) {
    return BigInt(String(await context.node('eth_blockNumber', [])))
  }
  throw new Error(`unknown block tag ${JSON.stringify(tag)}`)
}

function logFilter(call: RpcCall): Record<string, unknown> | undefined {
  const [filter] = Array.isArray(call.params) ? call.params : []
  return typeof filter === 'object' && filter !== null ? (filter as Record<string, unknown>) : undefined
}

/** The public nodes' wording: Avalanche's public API answers wide ranges like this, with -32000. */
export function getLogsRangeCap(maxRange: number): CallFault {
  return async (call, context) => {
    if (call.method !== 'eth_getLogs') return undefined
    const filter = logFilter(call)
    if (!filter || 'blockHash' in filter) return undefined
    const from = await blockOf(filter.fromBlock ?? 'latest', context)
    const to = await blockOf(filter.toBlock ?? 'latest', context)
    if (to - from + 1n <= BigInt(maxRange)) return undefined
    return {
      code: -32000,
      message: `requested too many blocks from ${from} to ${to}, maximum is set to ${maxRange}`,
    }
  }
}

export function getLogsRefusal(): CallFault {
  return async (call) =>
    call.method === 'eth_getLogs'
      ? { code: -32000, message: 'historical logs are not available on this node' }
      : undefined
}

/** The faults an options object switches on, in the order they are tried. */
function faultsFor(options: FaultOptions): CallFault[] {
  const faults: CallFault[] = []
  if (options.getLogsRefused) faults.push(getLogsRefusal())
  if (options.getLogsMaxRange !== undefined) faults.push(getLogsRangeCap(options.getLogsMaxRange))
  return faults
}

function isCall(value: unknown): value is RpcCall {
  return typeof value === 'object' && value !== null && 'method' in value && typeof value.method === 'string'
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  // A browser asks once a day, not before every read: a public endpoint's preflights would skew the benches' timings.
  'access-control-max-age': '86400',
}

/** What public nodes answer a 429 with (Infura's and Alchemy's JSON-RPC wording). */
export const TOO_MANY_REQUESTS_BODY =
  '{"jsonrpc":"2.0","id":null,"error":{"code":-32005,"message":"Too Many Requests"}}'
/** What a Cloudflare-fronted node answers its rate limit with: plain text, no JSON. */
export const RATE_LIMITED_BODY = 'error code: 1015'
/** A 200 whose body is cut off mid-way, as from a gateway that gave up. */
export const MALFORMED_BODY = '{"jsonrpc":"2.0","id":1,"result":"0x'

/** The status, headers and body of a status fault or of the rate limit. */
function statusAnswer(
  status: number,
  body: string,
  contentType: string,
  retry: { seconds?: number; expose?: boolean },
): { status: number; headers: Record<string, string>; body: string } {
  const headers: Record<string, string> = { ...CORS, 'content-type': contentType }
  if (retry.seconds !== undefined) headers['retry-after'] = String(retry.seconds)
  if (retry.seconds !== undefined && retry.expose) headers['access-control-expose-headers'] = 'Retry-After'
  return { status, headers, body }
}

function statusFaultAnswer(fault: Extract<HttpFault, { kind: 'status' }>) {
  const retry = { seconds: fault.retryAfterSeconds, expose: fault.exposeRetryAfter }
  if (fault.status === 429) return statusAnswer(429, TOO_MANY_REQUESTS_BODY, 'application/json', retry)
  const text = `${fault.status} ${STATUS_CODES[fault.status] ?? 'Error'}`
  return statusAnswer(fault.status, text, 'text/plain; charset=utf-8', retry)
}

/** Which read an `eth_call` is: its target, selector and calldata size; nothing for other methods. */
function describeCall(call: RpcCall): string | undefined {
  if (call.method !== 'eth_call' || !Array.isArray(call.params)) return undefined
  const [transaction]: unknown[] = call.params
  if (typeof transaction !== 'object' || transaction === null) return undefined
  const to = 'to' in transaction && typeof transaction.to === 'string' ? transaction.to : '(deployless)'
  const data =
    'data' in transaction && typeof transaction.data === 'string'
      ? transaction.data
      : 'input' in transaction && typeof transaction.input === 'string'
        ? transaction.input
        : '0x'
  return `${to} ${data.slice(0, 10)} (${(data.length - 2) / 2} bytes)`
}

function methodsOf(body: unknown): string[] {
  return (Array.isArray(body) ? (body as unknown[]) : [body]).filter(isCall).map((call) => call.method)
}

function header(request: IncomingMessage, name: string): string {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(',') : (value ?? '')
}

/** Who the rate limit counts a request against. */
function clientOf(request: IncomingMessage): string {
  return [request.socket.remoteAddress ?? '', header(request, 'origin'), header(request, 'x-forwarded-for')].join('|')
}

/** Named faults for manual runs: `npm start -- --rpc-faults <name>`. */
export const FAULT_PROFILES: Record<string, { description: string; faults: FaultOptions }> = {
  '429-burst': {
    description: 'the next 20 requests answer 429 with Retry-After: 2, hidden from the page as real RPCs do',
    faults: { http: { kind: 'status', status: 429, retryAfterSeconds: 2, requests: 20 } },
  },
  '429-exposed': {
    description: 'the next 20 requests answer 429 with Retry-After: 2, exposed to the page',
    faults: { http: { kind: 'status', status: 429, retryAfterSeconds: 2, exposeRetryAfter: true, requests: 20 } },
  },
  '503': {
    description: 'the next 30 requests answer 503 Service Unavailable',
    faults: { http: { kind: 'status', status: 503, requests: 30 } },
  },
  hang: {
    description: 'the next 10 requests never get an answer',
    faults: { http: { kind: 'hang', requests: 10 } },
  },
  slow: {
    description: 'every answer comes 3 s late',
    faults: { http: { kind: 'slow', delayMs: 3_000 } },
  },
  malformed: {
    description: 'the next 10 requests answer 200 with a body that is not JSON',
    faults: { http: { kind: 'malformed', requests: 10 } },
  },
  drop: {
    description: 'the next 10 requests have their connection dropped without an answer',
    faults: { http: { kind: 'drop', requests: 10 } },
  },
  'rate-50': {
    description: 'more than 50 requests a second from one client answer 429 (Retry-After: 1, not exposed)',
    faults: { rateLimit: { perSecond: 50 } },
  },
  'rate-5': {
    description: 'more than 5 requests a second from one client answer 429 (Retry-After: 1, not exposed)',
    faults: { rateLimit: { perSecond: 5 } },
  },
  'getlogs-cap': {
    description: 'eth_getLogs over more than 1000 blocks is refused',
    faults: { getLogsMaxRange: 1_000 },
  },
  'no-history': {
    description: 'every eth_getLogs is refused, as by a node that keeps no history',
    faults: { getLogsRefused: true },
  },
}

/** The faults of a named profile (a copy); an unknown name throws, listing the valid ones. */
export function parseFaultProfile(name: string): FaultOptions {
  const profile = Object.hasOwn(FAULT_PROFILES, name) ? FAULT_PROFILES[name] : undefined
  if (!profile) {
    throw new Error(`Unknown RPC fault profile "${name}"; valid profiles: ${Object.keys(FAULT_PROFILES).join(', ')}.`)
  }
  return structuredClone(profile.faults)
}

export async function startRpcProxy(options: RpcProxyOptions): Promise<RpcProxy> {
  let faults: CallFault[] = []
  let httpFault: FaultOptions['http']
  /** How many more requests `httpFault` applies to; `undefined` = all of them. */
  let httpRemaining: number | undefined
  let rateLimit: FaultOptions['rateLimit']
  /** Per client: when its current second started and how many requests it made in it. */
  let windows = new Map<string, { start: number; count: number }>()
  const setFaults = (next: FaultOptions) => {
    faults = faultsFor(next)
    httpFault = next.http
    httpRemaining = next.http?.requests
    rateLimit = next.rateLimit
    windows = new Map()
  }
  setFaults(options.faults ?? {})
  const log: ProxyLogEntry[] = []
  const requests: HttpLogEntry[] = []
  const timers = new Set<NodeJS.Timeout>()
  let held: Promise<void> = Promise.resolve()
  let nextId = 1

  const post = async (body: unknown): Promise<unknown> => {
    const response = await fetch(options.upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return response.json()
  }
  const context: FaultContext = {
    node: async (method, params) => {
      const reply = (await post({ jsonrpc: '2.0', id: `proxy-${nextId++}`, method, params })) as Partial<RpcReply>
      if (reply && 'result' in reply) return reply.result
      throw new Error(`the node refused ${method}: ${JSON.stringify(reply)}`)
    },
  }

  /** A fault's answer for `call`, or `undefined` when it goes to the node. */
  const refusalOf = async (call: RpcCall): Promise<RpcError | undefined> => {
    for (const fault of faults) {
      const error = await fault(call, context)
      if (error) return error
    }
    return undefined
  }

  const answer = async (calls: RpcCall[], at: number): Promise<RpcReply[]> => {
    const refusals = await Promise.all(calls.map(refusalOf))
    for (const [index, call] of calls.entries()) {
      const described = describeCall(call)
      log.push({ method: call.method, refused: refusals[index], at, ...(described ? { call: described } : {}) })
    }
    const through = calls.filter((_, index) => refusals[index] === undefined)
    const forwarded = through.length > 0 ? ((await post(through)) as RpcReply[]) : []
    const byId = new Map(forwarded.map((reply) => [JSON.stringify(reply.id), reply]))
    return calls.map((call, index) => {
      const error = refusals[index]
      if (error) return { jsonrpc: '2.0', id: call.id, error }
      return (
        byId.get(JSON.stringify(call.id)) ?? {
          jsonrpc: '2.0',
          id: call.id,
          error: { code: -32603, message: 'the node gave no answer' },
        }
      )
    })
  }

  /** The HTTP fault this request meets, if any; counts it against `requests`. */
  const httpFaultFor = (): HttpFault | undefined => {
    if (!httpFault) return undefined
    if (httpRemaining === undefined) return httpFault
    if (httpRemaining <= 0) return undefined
    httpRemaining -= 1
    return httpFault
  }

  /** Whether this request is one too many for its client's current second; counts it. */
  const overRateLimit = (request: IncomingMessage, now: number): boolean => {
    if (!rateLimit) return false
    const client = clientOf(request)
    let window = windows.get(client)
    if (!window || now - window.start >= 1_000) {
      window = { start: now, count: 0 }
      windows.set(client, window)
    }
    window.count += 1
    return window.count > rateLimit.perSecond
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer)
        resolve()
      }, ms)
      timers.add(timer)
    })

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS).end()
      return
    }
    if (request.method !== 'POST') {
      response.writeHead(405, CORS).end()
      return
    }
    const at = Date.now()
    const text = await readBody(request)
    let body: unknown
    let parsed = true
    try {
      body = JSON.parse(text)
    } catch {
      parsed = false
    }
    const entry = (status: number, fault: HttpLogEntry['fault']) =>
      requests.push({ status, methods: parsed ? methodsOf(body) : [], fault, at })
    const send = (answer: { status: number; headers: Record<string, string>; body: string }) => {
      response.writeHead(answer.status, answer.headers).end(answer.body)
    }

    const fault = httpFaultFor()
    if (fault?.kind === 'status') {
      const answer = statusFaultAnswer(fault)
      entry(answer.status, 'status')
      send(answer)
      return
    }
    if (fault?.kind === 'hang') {
      entry(0, 'hang')
      return // The socket stays open: `stop` closes it, or the client gives up.
    }
    if (fault?.kind === 'drop') {
      entry(0, 'drop')
      request.socket.destroy()
      return
    }
    if (fault?.kind === 'malformed') {
      entry(200, 'malformed')
      send({ status: 200, headers: { ...CORS, 'content-type': 'application/json' }, body: MALFORMED_BODY })
      return
    }
    if (!fault && overRateLimit(request, at)) {
      entry(429, 'rate-limit')
      send(
        statusAnswer(429, RATE_LIMITED_BODY, 'text/plain; charset=utf-8', {
          seconds: 1,
          expose: rateLimit?.exposeRetryAfter,
        }),
      )
      return
    }
    if (fault?.kind === 'slow') await sleep(fault.delayMs)

    if (!parsed) {
      entry(400, fault?.kind)
      response.writeHead(400, { ...CORS, 'content-type': 'application/json' })
      response.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }))
      return
    }
    await held
    const batch = Array.isArray(body)
    const calls = (Array.isArray(body) ? (body as unknown[]) : [body]).filter(isCall)
    let replies: RpcReply[]
    try {
      replies = await answer(calls, at)
    } catch (error) {
      entry(502, fault?.kind)
      response.writeHead(502, { ...CORS, 'content-type': 'application/json' })
      response.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: String(error) } }))
      return
    }
    entry(200, fault?.kind)
    response.writeHead(200, { ...CORS, 'content-type': 'application/json' })
    response.end(JSON.stringify(batch ? replies : replies[0]))
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, CORS)
      response.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: String(error) } }))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    log,
    requests,
    setFaults,
    reset: () => {
      log.length = 0
      requests.length = 0
    },
    hold: () => {
      let release = () => {}
      held = new Promise((resolve) => {
        release = resolve
      })
      return () => {
        release()
        held = Promise.resolve()
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        timers.clear()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
