import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { CONTENT_TYPES } from '../../testing/appServer.ts'

export type StaticFile = { path: string; body: Buffer; gzip: Buffer; type: string }

/** Every file of a build, with its gzip-compressed form (level 9, as a CDN serving precompressed files would). */
export function readBuild(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (!name.endsWith('.map')) {
        const body = readFileSync(full)
        const path = `/${relative(dir, full).split('\\').join('/')}`
        files.set(path, {
          path,
          body,
          gzip: gzipSync(body, { level: 9 }),
          type: CONTENT_TYPES[extname(name)] ?? 'application/octet-stream',
        })
      }
    }
  }
  walk(dir)
  return files
}

export type Listening = { url: string; close: () => Promise<void> }

async function listen(server: Server): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Serves a production build the way a static host does: gzip when the browser accepts it, hashed assets cached for a
 * year, everything else revalidated, and `index.html` for any other path (the app has one route).
 */
export async function serveBuild(files: Map<string, StaticFile>): Promise<Listening> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    const file =
      files.get(path === '/' ? '/index.html' : path) ?? (extname(path) ? undefined : files.get('/index.html'))
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
    const body = gzip ? file.gzip : file.body
    response.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      'cache-control': file.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      vary: 'accept-encoding',
    })
    response.end(request.method === 'HEAD' ? undefined : body)
  })
  return listen(server)
}

/**
 * One JSON-RPC call seen by the proxy. `at` is wall-clock time in ms, comparable with the page's clock; `call`
 * describes an eth_call (target, selector, calldata size) so that a report can say which read it was.
 */
export type RpcCall = { method: string; at: number; call?: string }

export type RpcProxy = Listening & {
  calls: RpcCall[]
  /** HTTP requests (a JSON-RPC batch is one request). */
  requests: number
  reset: () => void
  /** Holds every answer until the returned function is called: shows what a page can do without the network. */
  hold: () => () => void
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      body += chunk
    })
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })
}

function describeCall(call: unknown): Omit<RpcCall, 'at'> {
  if (typeof call !== 'object' || call === null || !('method' in call) || typeof call.method !== 'string') {
    return { method: '(invalid)' }
  }
  if (call.method !== 'eth_call' || !('params' in call) || !Array.isArray(call.params)) return { method: call.method }
  const [transaction]: unknown[] = call.params
  if (typeof transaction !== 'object' || transaction === null) return { method: call.method }
  const to = 'to' in transaction && typeof transaction.to === 'string' ? transaction.to : '(deployless)'
  const data =
    'data' in transaction && typeof transaction.data === 'string'
      ? transaction.data
      : 'input' in transaction && typeof transaction.input === 'string'
        ? transaction.input
        : '0x'
  return { method: call.method, call: `${to} ${data.slice(0, 10)} (${(data.length - 2) / 2} bytes)` }
}

function describeBody(body: string): Omit<RpcCall, 'at'>[] {
  try {
    const parsed: unknown = JSON.parse(body)
    return (Array.isArray(parsed) ? parsed : [parsed]).map(describeCall)
  } catch {
    return [{ method: '(unparseable)' }]
  }
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '86400',
}

/**
 * A public RPC endpoint stand-in on its own origin (so the browser treats it as cross-origin, like a real one):
 * forwards JSON-RPC to anvil and records every call an app makes.
 */
export async function startRpcProxy(upstream: string): Promise<RpcProxy> {
  const calls: RpcCall[] = []
  let requests = 0
  let held: Promise<void> = Promise.resolve()
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS).end()
      return
    }
    if (request.method !== 'POST') {
      response.writeHead(405, CORS).end()
      return
    }
    const body = await readBody(request)
    requests++
    const at = Date.now()
    for (const call of describeBody(body)) calls.push({ ...call, at })
    await held
    try {
      const upstreamResponse = await fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      const text = await upstreamResponse.text()
      response.writeHead(upstreamResponse.status, { ...CORS, 'content-type': 'application/json' }).end(text)
    } catch (error) {
      response.writeHead(502, CORS).end(String(error))
    }
  }
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, CORS)
      response.end(String(error))
    })
  })
  const listening = await listen(server)
  const proxy: RpcProxy = {
    ...listening,
    calls,
    get requests() {
      return requests
    },
    reset() {
      calls.length = 0
      requests = 0
    },
    hold() {
      let release = () => {}
      held = new Promise((resolve) => {
        release = resolve
      })
      return () => {
        release()
        held = Promise.resolve()
      }
    },
  }
  return proxy
}
