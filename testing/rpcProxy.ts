/**
 * A JSON-RPC proxy in front of a node (anvil) that can misbehave the way public RPC endpoints do, so that the portal
 * can be tested against their limits: browser tests route the page's RPC through it, and a local run can put it
 * between the app and anvil.
 *
 * Faults are options, at two levels. HTTP faults act on a whole request before any call in it is read: a status such
 * as 429 (with or without an exposed Retry-After) or 503, a hang, a slow answer, a body that is not JSON, a dropped
 * connection, or a per-client request rate. Each call fault then looks at one JSON-RPC call and either answers it
 * with an error, as the public node would, or lets it through to the node.
 *
 * Behind that front, `lag` makes the endpoint load-balanced, as public ones are: the block-dependent reads alternate,
 * call by call, between the node at the head and a node some blocks behind it, which answers as go-ethereum does at
 * its own head (it is computed from the real node's history: no second node runs). `getLogsMaxResults` then refuses a
 * log query by how many logs the answering node returned, as Infura does. `FAULT_PROFILES` names ready-made
 * combinations for manual runs (`npm start -- --rpc-faults <profile>`); `public` is a public endpoint's usual
 * conditions: a lagging node behind the balancer and a cap on log ranges.
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
   * `eth_getLogs` whose answer holds more logs than this is refused after the node has answered, with Infura's
   * -32005 and the block range to ask instead. It counts what the answering node returned, so it acts after `lag`.
   */
  getLogsMaxResults?: number
  /**
   * The endpoint is load-balanced over two nodes: the real one at the head, and one `blocks` behind it. The
   * block-dependent reads (eth_blockNumber, eth_call, eth_getBalance, eth_getCode, eth_getTransactionCount,
   * eth_estimateGas, eth_getBlockByNumber, eth_getTransactionReceipt, eth_getLogs) alternate between them per call, in
   * the order they arrive and inside batches too, starting with the head node; `setFaults` starts again from the head
   * node. Other methods go to the head node and are not counted. `getLogsRefused` and `getLogsMaxRange` are the endpoint's front: they judge a call
   * as asked, before a node is chosen, and a call they refuse is not counted either.
   */
  lag?: {
    blocks: number
    /**
     * How the lagging node answers an `eth_getLogs` range that ends past its head: `'short'` (the default) with the
     * logs up to its head and no error, as go-ethereum up to v1.15.8 and the nodes built on it; `'refuse'` with
     * go-ethereum v1.17's -32602 'block range extends beyond current head block'.
     */
    pastHead?: 'short' | 'refuse'
    /**
     * The node behind stops following the chain at this block, as a node that fell out of sync while the balancer
     * still sends it calls: its head is the lower of this and `blocks` behind the real one.
     */
    stuckAt?: number
  }
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
  /**
   * Calls of these methods are refused with the JSON-RPC rate-limit error public nodes send (Infura's and Alchemy's
   * -32005 "Too Many Requests") while other calls pass: a rate limit that strikes one read of a flow and not the one
   * before it, chosen by the test rather than left to timing.
   */
  busyMethods?: string[]
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

/** The nodes behind a load-balanced endpoint (`FaultOptions.lag`). */
export type BalancedNode = 'head' | 'lagging'

/**
 * One entry per call the proxy saw: its method and whether a fault answered it (the front's faults, or the cap on
 * results); `at` is when its request arrived (epoch milliseconds, comparable with a page's clock), `call` says which
 * read an `eth_call` was: its target, selector and calldata size, and `node` which node answered a call that `lag`
 * spreads over two.
 */
export type ProxyLogEntry = {
  method: string
  refused: RpcError | undefined
  at: number
  call?: string
  node?: BalancedNode
}

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

/** A JSON-RPC quantity (a hex string) as a number; `undefined` for anything else. */
function quantity(value: unknown): bigint | undefined {
  return typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value) ? BigInt(value) : undefined
}

const hexOf = (value: bigint): string => `0x${value.toString(16)}`

async function blockOf(tag: unknown, context: FaultContext): Promise<bigint> {
  const number = quantity(tag)
  if (number !== undefined) return number
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

/** Refuses a call's result once the node has answered it, or returns `undefined` to pass it on. */
export type ResultFault = (call: RpcCall, result: unknown, context: FaultContext) => Promise<RpcError | undefined>

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The block of a log (or of a block or a receipt): its `blockNumber`, or `number`. */
function blockNumberIn(value: unknown): bigint | undefined {
  if (!isRecord(value)) return undefined
  return quantity(value.blockNumber) ?? quantity(value.number)
}

/** Infura writes the hex digits of a block number in upper case. */
const infuraHex = (value: bigint): string => `0x${value.toString(16).toUpperCase()}`

/**
 * Infura's refusal of a log query by its results: more than `limit` logs is -32005, naming the range to ask instead:
 * from the query's start to the block before the first log past the limit, or the start itself when that log is in it.
 */
export function getLogsResultsCap(limit: number): ResultFault {
  return async (call, result, context) => {
    if (call.method !== 'eth_getLogs' || !Array.isArray(result) || result.length <= limit) return undefined
    const filter = logFilter(call)
    const from =
      filter && 'blockHash' in filter
        ? (blockNumberIn(result[0]) ?? 0n)
        : await blockOf(filter?.fromBlock ?? 'latest', context)
    const pastLimit = blockNumberIn(result[limit])
    const to = pastLimit !== undefined && pastLimit - 1n > from ? pastLimit - 1n : from
    return {
      code: -32005,
      message: `query returned more than ${limit} results. Try with this block range [${infuraHex(from)}, ${infuraHex(to)}].`,
      data: { from: infuraHex(from), limit, to: infuraHex(to) },
    }
  }
}

/** A call's answer: a result or a JSON-RPC error. */
type Outcome = { result: unknown } | { error: RpcError }

/**
 * What the proxy does with one call: answer it itself, or ask the node (the call perhaps rewritten) and perhaps rework
 * the node's result.
 */
type Plan = { answer: Outcome } | { ask: RpcCall; rework?: (result: unknown) => unknown }

/** The lagging node as one request sees it: its head, and the real node, whose history it answers from. */
type LaggingNode = { head: bigint; node: FaultContext['node']; refusesPastHead: boolean }

/** How the lagging node answers one method. */
type LaggingMethod = (call: RpcCall, lagging: LaggingNode) => Promise<Plan>

/** go-ethereum answers an error that carries no code of its own with -32000 (rpc/json.go, errorMessage). */
const gethError = (message: string): Outcome => ({ error: { code: -32000, message } })

function paramsOf(call: RpcCall): unknown[] {
  return Array.isArray(call.params) ? call.params : []
}

function withParam(call: RpcCall, index: number, value: unknown): RpcCall {
  const params = [...paramsOf(call)]
  params[index] = value
  return { ...call, params }
}

/** The number of the block the real node answers `method` with; `undefined` when it knows none or refuses. */
async function blockNumberFrom(lagging: LaggingNode, method: string, params: unknown[]): Promise<bigint | undefined> {
  try {
    return blockNumberIn(await lagging.node(method, params))
  } catch {
    return undefined // The call itself goes to the node, which answers it as it would.
  }
}

const min = (a: bigint, b: bigint): bigint => (a < b ? a : b)

/**
 * The block a block parameter names on the lagging node, and whether it was named by hash; `undefined` when the proxy
 * cannot tell (a malformed parameter, a hash the real node does not know), and the node answers the call as it would.
 */
async function laggingBlock(
  param: unknown,
  lagging: LaggingNode,
): Promise<{ number: bigint; byHash: boolean } | undefined> {
  // No block is `latest`, go-ethereum's default; `pending` is read as `latest`: the double builds no pending block.
  if (param === undefined || param === null || param === 'latest' || param === 'pending') {
    return { number: lagging.head, byHash: false }
  }
  if (param === 'earliest') return { number: 0n, byHash: false }
  if (param === 'safe' || param === 'finalized') {
    // A node behind has its safe and finalized blocks no later than its own head.
    const tagged = await blockNumberFrom(lagging, 'eth_getBlockByNumber', [param, false])
    return tagged === undefined ? undefined : { number: min(tagged, lagging.head), byHash: false }
  }
  const number = quantity(param)
  if (number !== undefined) return { number, byHash: false }
  if (!isRecord(param)) return undefined
  // EIP-1898's object: a block by number, or by the hash of a block the real node may have and the lagging one not yet.
  if ('blockHash' in param) {
    const hashed = await blockNumberFrom(lagging, 'eth_getBlockByHash', [param.blockHash, false])
    return hashed === undefined ? undefined : { number: hashed, byHash: true }
  }
  return 'blockNumber' in param ? laggingBlock(param.blockNumber, lagging) : undefined
}

/**
 * A state read whose block parameter is at `blockIndex` (eth_call, eth_getBalance, …), at the lagging node's block.
 * State at a block it does not have yet is refused without asking the node, in go-ethereum's words
 * (eth/api_backend.go, StateAndHeaderByNumberOrHash: 'header not found' by number, 'header for hash not found' by
 * hash); at or below its head the real node serves the same state from its history.
 */
function laggingStateRead(blockIndex: number): LaggingMethod {
  return async (call, lagging) => {
    const block = await laggingBlock(paramsOf(call)[blockIndex], lagging)
    if (!block) return { ask: call }
    if (block.number > lagging.head) {
      return { answer: gethError(block.byHash ? 'header for hash not found' : 'header not found') }
    }
    return { ask: block.byHash ? call : withParam(call, blockIndex, hexOf(block.number)) }
  }
}

/**
 * `latest` is the lagging node's head, and a later block is one it does not have: go-ethereum answers an unknown
 * number with null (internal/ethapi/api.go, GetBlockByNumber).
 */
const laggingBlockByNumber: LaggingMethod = async (call, lagging) => {
  const [tag] = paramsOf(call)
  const block = typeof tag === 'string' ? await laggingBlock(tag, lagging) : undefined
  if (!block) return { ask: call }
  if (block.number > lagging.head) return { answer: { result: null } }
  return { ask: withParam(call, 0, hexOf(block.number)) }
}

/**
 * A transaction mined after the lagging node's head is one it has not seen: go-ethereum answers its receipt with null
 * (internal/ethapi/api.go, GetTransactionReceipt).
 */
const laggingReceipt: LaggingMethod = async (call, lagging) => ({
  ask: call,
  rework: (receipt) => {
    const mined = blockNumberIn(receipt)
    return mined !== undefined && mined > lagging.head ? null : receipt
  },
})

/**
 * `eth_getLogs` as go-ethereum up to v1.15.8 answers it (eth/filters/api.go, GetLogs; eth/filters/filter.go, Logs and
 * unindexedLogs): a block hash it does not have is 'unknown block', an explicit range that ends before it starts is
 * 'invalid block range params', and otherwise the filter walks the headers from the range's start to its end and stops
 * silently at the first one it lacks: a range past its head answers the logs up to its head with no error, and one
 * that starts past its head answers []. From v1.15.9 go-ethereum refuses a range that ends past its head instead
 * (`pastHead: 'refuse'`); the silent answer is the default, as it is the one an app cannot tell from a complete answer.
 */
const laggingLogs: LaggingMethod = async (call, lagging) => {
  const filter = logFilter(call)
  if (!filter) return { ask: call }
  if ('blockHash' in filter) {
    const block = await laggingBlock({ blockHash: filter.blockHash }, lagging)
    return block && block.number > lagging.head ? { answer: gethError('unknown block') } : { ask: call }
  }
  const from = await laggingBlock(filter.fromBlock, lagging)
  const to = await laggingBlock(filter.toBlock, lagging)
  if (!from || !to) return { ask: call }
  const explicit = quantity(filter.fromBlock) !== undefined && quantity(filter.toBlock) !== undefined
  if (explicit && from.number > to.number) return { answer: gethError('invalid block range params') }
  if (lagging.refusesPastHead && to.number > lagging.head) {
    // go-ethereum v1.17 (eth/filters/api.go, GetLogs): errInvalidBlockRange's successor for a range past the head.
    return { answer: { error: { code: -32602, message: 'block range extends beyond current head block' } } }
  }
  if (from.number > lagging.head) return { answer: { result: [] } }
  const range = { fromBlock: hexOf(from.number), toBlock: hexOf(min(to.number, lagging.head)) }
  return { ask: withParam(call, 0, { ...filter, ...range }) }
}

/**
 * The block-dependent reads a load-balanced endpoint spreads over its nodes, and how the lagging one answers each.
 * go-ethereum's eth_blockNumber is its own head (internal/ethapi/api.go, BlockNumber).
 */
const LAGGING_METHODS = new Map<string, LaggingMethod>([
  ['eth_blockNumber', async (_call, lagging) => ({ answer: { result: hexOf(lagging.head) } })],
  ['eth_call', laggingStateRead(1)],
  ['eth_getBalance', laggingStateRead(1)],
  ['eth_getCode', laggingStateRead(1)],
  ['eth_getTransactionCount', laggingStateRead(1)],
  ['eth_estimateGas', laggingStateRead(1)],
  ['eth_getBlockByNumber', laggingBlockByNumber],
  ['eth_getTransactionReceipt', laggingReceipt],
  ['eth_getLogs', laggingLogs],
])

/** One call on its way through the proxy, with its log entry: the front's refusal, or the node chosen for it. */
type Routed = { call: RpcCall; entry: ProxyLogEntry }

/** What the proxy does with a routed call: the front's refusal, the lagging node's answer, or the node's. */
function planOf({ call, entry }: Routed, lagging: LaggingNode | undefined): Promise<Plan> | Plan {
  if (entry.refused) return { answer: { error: entry.refused } }
  const method = LAGGING_METHODS.get(call.method)
  if (entry.node !== 'lagging' || !lagging || !method) return { ask: call }
  return method(call, lagging)
}

/** A plan's outcome, once the node has answered what it was asked (`replies`, by id). */
function outcomeOf(plan: Plan, replies: Map<string, RpcReply>): Outcome {
  if ('answer' in plan) return plan.answer
  const reply = replies.get(JSON.stringify(plan.ask.id))
  if (!reply) return { error: { code: -32603, message: 'the node gave no answer' } }
  if ('error' in reply) return { error: reply.error }
  return { result: plan.rework ? plan.rework(reply.result) : reply.result }
}

/** The faults an options object switches on, in the order they are tried. */
function faultsFor(options: FaultOptions): CallFault[] {
  const faults: CallFault[] = []
  if (options.getLogsRefused) faults.push(getLogsRefusal())
  if (options.getLogsMaxRange !== undefined) faults.push(getLogsRangeCap(options.getLogsMaxRange))
  const busy = options.busyMethods
  if (busy)
    faults.push(async (call) =>
      busy.includes(call.method) ? { code: -32005, message: 'Too Many Requests' } : undefined,
    )
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

/** How many blocks the `public` profile's lagging node is behind the head: what a read it answers can miss. */
export const PUBLIC_LAG_BLOCKS = 3
/** The `public` profile's cap on an `eth_getLogs` range, in blocks: Avalanche's public API's. */
export const PUBLIC_GETLOGS_MAX_RANGE = 2_048
/** The `results-cap` profile's limit on the logs one `eth_getLogs` may return: Infura's 10,000 is out of a local chain's reach. */
export const RESULTS_CAP_PROFILE_LIMIT = 10

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
  public: {
    description: `a public endpoint: load-balanced over a node at the head and one ${PUBLIC_LAG_BLOCKS} blocks behind (alternating per call), eth_getLogs capped at 2,048 blocks as Avalanche's public API`,
    faults: { lag: { blocks: PUBLIC_LAG_BLOCKS }, getLogsMaxRange: PUBLIC_GETLOGS_MAX_RANGE },
  },
  'results-cap': {
    description: `eth_getLogs returning more than ${RESULTS_CAP_PROFILE_LIMIT} logs is refused as Infura refuses more than 10,000 (-32005, naming a block range to ask instead)`,
    faults: { getLogsMaxResults: RESULTS_CAP_PROFILE_LIMIT },
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
  let lag: FaultOptions['lag']
  /** How many calls `lag` has spread over the two nodes: an even count sends the next one to the head node. */
  let balanced = 0
  let resultsCap: ResultFault | undefined
  const setFaults = (next: FaultOptions) => {
    faults = faultsFor(next)
    httpFault = next.http
    httpRemaining = next.http?.requests
    rateLimit = next.rateLimit
    windows = new Map()
    lag = next.lag
    balanced = 0
    resultsCap = next.getLogsMaxResults === undefined ? undefined : getLogsResultsCap(next.getLogsMaxResults)
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

  /** The node `lag` sends this call to, if it spreads it; counts it. */
  const nodeFor = (call: RpcCall, refused: RpcError | undefined): BalancedNode | undefined => {
    if (refused || !lag || !LAGGING_METHODS.has(call.method)) return undefined
    const node = balanced % 2 === 0 ? 'head' : 'lagging'
    balanced += 1
    return node
  }

  /** Each call's log entry: the front's refusal, or the node that answers it. */
  const routeNow = async (calls: RpcCall[], at: number): Promise<Routed[]> => {
    const judged = await Promise.all(calls.map(async (call) => ({ call, refused: await refusalOf(call) })))
    return judged.map(({ call, refused }) => {
      const described = describeCall(call)
      const node = nodeFor(call, refused)
      const entry = {
        method: call.method,
        refused,
        at,
        ...(described ? { call: described } : {}),
        ...(node ? { node } : {}),
      }
      return { call, entry }
    })
  }

  /**
   * `routeNow`, one request at a time: the front's faults may ask the node before a call is routed, and the calls must
   * still alternate in the order their requests came.
   */
  let routing: Promise<unknown> = Promise.resolve()
  const route = (calls: RpcCall[], at: number): Promise<Routed[]> => {
    const routed = routing.then(() => routeNow(calls, at))
    routing = routed.catch(() => undefined)
    return routed
  }

  /** The lagging node now: `blocks` behind the real node's head, and never below block 0. */
  const laggingNow = async ({ blocks, pastHead, stuckAt }: NonNullable<FaultOptions['lag']>): Promise<LaggingNode> => {
    const head = quantity(await context.node('eth_blockNumber', []))
    if (head === undefined) throw new Error('the node answered eth_blockNumber without a block number')
    const behind = stuckAt === undefined ? head - BigInt(blocks) : min(head - BigInt(blocks), BigInt(stuckAt))
    return { head: behind > 0n ? behind : 0n, node: context.node, refusesPastHead: pastHead === 'refuse' }
  }

  /** Asks the node, in one batch, every call the plans ask; its replies by id. */
  const askNode = async (plans: Plan[]): Promise<Map<string, RpcReply>> => {
    const asked = plans.flatMap((plan) => ('ask' in plan ? [plan.ask] : []))
    const replies = asked.length > 0 ? ((await post(asked)) as RpcReply[]) : []
    return new Map(replies.map((reply) => [JSON.stringify(reply.id), reply]))
  }

  /** The cap on results judges what the answering node returned; its refusal replaces the answer, and is logged. */
  const afterResultsCap = async (asked: RpcCall, outcome: Outcome, entry: ProxyLogEntry): Promise<Outcome> => {
    if (!resultsCap || !('result' in outcome)) return outcome
    const refused = await resultsCap(asked, outcome.result, context)
    if (!refused) return outcome
    entry.refused = refused
    return { error: refused }
  }

  const answer = async (calls: RpcCall[], at: number): Promise<RpcReply[]> => {
    const routed = await route(calls, at)
    log.push(...routed.map(({ entry }) => entry))
    // The lagging node's head is read once per request: every call in it sees the same chain.
    const lagging = lag && routed.some(({ entry }) => entry.node === 'lagging') ? await laggingNow(lag) : undefined
    const planned = await Promise.all(routed.map(async (each) => ({ ...each, plan: await planOf(each, lagging) })))
    const replies = await askNode(planned.map(({ plan }) => plan))
    return Promise.all(
      planned.map(async ({ call, entry, plan }): Promise<RpcReply> => {
        const outcome = await afterResultsCap('ask' in plan ? plan.ask : call, outcomeOf(plan, replies), entry)
        return { jsonrpc: '2.0', id: call.id, ...outcome }
      }),
    )
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

/** Runs `run` with a proxy started for it, and stops the proxy whatever `run` does. */
export async function withRpcProxy<T>(options: RpcProxyOptions, run: (proxy: RpcProxy) => Promise<T>): Promise<T> {
  const proxy = await startRpcProxy(options)
  try {
    return await run(proxy)
  } finally {
    await proxy.stop()
  }
}
