/**
 * A JSON-RPC proxy in front of a node (anvil) that can misbehave the way public RPC endpoints do, so that the portal
 * can be tested against their limits: browser tests route the page's RPC through it, and a local run can put it
 * between the app and anvil.
 *
 * Faults are options. Each call fault looks at one JSON-RPC call and either answers it with an error, as the public
 * node would, or lets it through to the node. Further kinds (HTTP statuses with Retry-After, hangs, slow or
 * malformed answers, a per-client request rate) plug in as more options beside these.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type RpcCall = { jsonrpc: '2.0'; id: string | number | null; method: string; params?: unknown }
export type RpcError = { code: number; message: string; data?: unknown }
export type RpcReply = { jsonrpc: '2.0'; id: string | number | null } & ({ result: unknown } | { error: RpcError })

export type FaultOptions = {
  /** `eth_getLogs` over more blocks than this is refused, as public nodes refuse wide ranges. */
  getLogsMaxRange?: number
  /** `eth_getLogs` is refused whatever its range, as by a node that keeps no history. */
  getLogsRefused?: boolean
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

/** One entry per call the proxy saw: its method and whether a fault answered it. */
export type ProxyLogEntry = { method: string; refused: RpcError | undefined }

export type RpcProxy = {
  url: string
  port: number
  /** Every call, in order. */
  log: readonly ProxyLogEntry[]
  /** Replaces the faults from now on (a test can switch a fault on halfway through). */
  setFaults: (faults: FaultOptions) => void
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
}

export async function startRpcProxy(options: RpcProxyOptions): Promise<RpcProxy> {
  let faults = faultsFor(options.faults ?? {})
  const log: ProxyLogEntry[] = []
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

  const answer = async (calls: RpcCall[]): Promise<RpcReply[]> => {
    const refusals = await Promise.all(calls.map(refusalOf))
    for (const [index, call] of calls.entries()) log.push({ method: call.method, refused: refusals[index] })
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

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS).end()
      return
    }
    if (request.method !== 'POST') {
      response.writeHead(405, CORS).end()
      return
    }
    let body: unknown
    try {
      body = JSON.parse(await readBody(request))
    } catch {
      response.writeHead(400, { ...CORS, 'content-type': 'application/json' })
      response.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }))
      return
    }
    const batch = Array.isArray(body)
    const calls = (Array.isArray(body) ? (body as unknown[]) : [body]).filter(isCall)
    const replies = await answer(calls)
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
    setFaults: (next) => {
      faults = faultsFor(next)
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
