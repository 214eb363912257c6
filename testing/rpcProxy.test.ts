import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Address, createTestClient, type Hash, http, numberToHex, pad, publicActions, walletActions } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from '../scripts/lib/anvil'
import { ANVIL_ACCOUNTS } from '../src/config/anvil'
import {
  FAULT_PROFILES,
  type FaultOptions,
  MALFORMED_BODY,
  PUBLIC_GETLOGS_MAX_RANGE,
  PUBLIC_LAG_BLOCKS,
  parseFaultProfile,
  RATE_LIMITED_BODY,
  RESULTS_CAP_PROFILE_LIMIT,
  type RpcCall,
  type RpcProxy,
  startRpcProxy,
  TOO_MANY_REQUESTS_BODY,
  withRpcProxy,
} from './rpcProxy'

/** A stand-in node at block 100 that answers every call and records what reached it. */
let node: Server
let nodeUrl: string
const reached: RpcCall[] = []

function reply(call: RpcCall) {
  if (call.method === 'eth_blockNumber') return { jsonrpc: '2.0', id: call.id, result: '0x64' }
  return { jsonrpc: '2.0', id: call.id, result: [`${call.method} from the node`] }
}

beforeAll(async () => {
  node = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const parsed = JSON.parse(body) as RpcCall | RpcCall[]
      const calls = Array.isArray(parsed) ? parsed : [parsed]
      reached.push(...calls)
      const replies = calls.map(reply)
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(Array.isArray(parsed) ? replies : replies[0]))
    })
  })
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
  nodeUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => node.close(() => resolve())))
beforeEach(() => {
  reached.length = 0
})

const withProxy = (faults: FaultOptions | undefined, run: (proxy: RpcProxy) => Promise<void>) =>
  withRpcProxy({ upstream: nodeUrl, faults }, run)

async function rpc(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return response.json()
}

const getLogs = (id: number, fromBlock: string, toBlock?: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'eth_getLogs',
  params: [{ address: '0x0000000000000000000000000000000000000001', fromBlock, ...(toBlock ? { toBlock } : {}) }],
})

describe('the RPC proxy', () => {
  it('passes every call through to the node when no fault is set, single and batched', async () => {
    await withProxy({}, async (proxy) => {
      expect(await rpc(proxy.url, getLogs(1, '0x0', '0x64'))).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: ['eth_getLogs from the node'],
      })
      expect(
        await rpc(proxy.url, [
          { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
          { jsonrpc: '2.0', id: 3, method: 'eth_call' },
        ]),
      ).toEqual([
        { jsonrpc: '2.0', id: 2, result: ['eth_chainId from the node'] },
        { jsonrpc: '2.0', id: 3, result: ['eth_call from the node'] },
      ])
      expect(reached.map((call) => call.method)).toEqual(['eth_getLogs', 'eth_chainId', 'eth_call'])
    })
  })

  it('refuses eth_getLogs over more blocks than the cap, counting both ends and resolving "latest"', async () => {
    await withProxy({ getLogsMaxRange: 10 }, async (proxy) => {
      expect(await rpc(proxy.url, getLogs(1, '0x0', '0x9'))).toMatchObject({ result: ['eth_getLogs from the node'] })
      expect(await rpc(proxy.url, getLogs(2, '0x0', '0xa'))).toEqual({
        jsonrpc: '2.0',
        id: 2,
        error: { code: -32000, message: 'requested too many blocks from 0 to 10, maximum is set to 10' },
      })
      // From block 90 to the latest (100): 11 blocks.
      expect(await rpc(proxy.url, getLogs(3, '0x5a', 'latest'))).toMatchObject({
        error: { message: 'requested too many blocks from 90 to 100, maximum is set to 10' },
      })
      expect(await rpc(proxy.url, getLogs(4, '0x5b'))).toMatchObject({ result: ['eth_getLogs from the node'] })
      expect(reached.filter((call) => call.method === 'eth_getLogs')).toHaveLength(2)
      expect(proxy.log.map((entry) => [entry.method, entry.refused !== undefined])).toEqual([
        ['eth_getLogs', false],
        ['eth_getLogs', true],
        ['eth_getLogs', true],
        ['eth_getLogs', false],
      ])
    })
  })

  it('answers a batch in order when a fault refuses some of its calls', async () => {
    await withProxy({ getLogsMaxRange: 5 }, async (proxy) => {
      expect(
        await rpc(proxy.url, [getLogs(1, '0x0', '0x63'), { jsonrpc: '2.0', id: 2, method: 'eth_chainId' }]),
      ).toEqual([
        {
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32000, message: 'requested too many blocks from 0 to 99, maximum is set to 5' },
        },
        { jsonrpc: '2.0', id: 2, result: ['eth_chainId from the node'] },
      ])
    })
  })

  it('refuses every eth_getLogs when history is refused, and can switch faults on later', async () => {
    await withProxy({}, async (proxy) => {
      expect(await rpc(proxy.url, getLogs(1, '0x64', '0x64'))).toMatchObject({ result: expect.any(Array) })
      proxy.setFaults({ getLogsRefused: true })
      expect(await rpc(proxy.url, getLogs(2, '0x64', '0x64'))).toEqual({
        jsonrpc: '2.0',
        id: 2,
        error: { code: -32000, message: 'historical logs are not available on this node' },
      })
    })
  })

  it("refuses the busy methods' calls with the rate-limit error, in a batch too, and lets the others through", async () => {
    await withProxy({ busyMethods: ['eth_blockNumber'] }, async (proxy) => {
      expect(
        await rpc(proxy.url, [
          { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
          { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
        ]),
      ).toEqual([
        { jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'Too Many Requests' } },
        { jsonrpc: '2.0', id: 2, result: ['eth_chainId from the node'] },
      ])
    })
  })

  it('answers a browser preflight, so that a page can call it across origins', async () => {
    await withProxy({}, async (proxy) => {
      const response = await fetch(proxy.url, { method: 'OPTIONS' })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.get('access-control-allow-headers')).toBe('content-type')
    })
  })

  it('answers malformed JSON with a parse error', async () => {
    await withProxy({}, async (proxy) => {
      const response = await fetch(proxy.url, { method: 'POST', body: '{not json' })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error' },
      })
    })
  })
})

/** A POST of one call (or a batch), returning the raw response. */
function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

const chainId = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await sleep(10)
  }
}

describe('the RPC proxy’s HTTP faults', () => {
  it('answers 429 with a JSON-RPC body and Retry-After, hidden from the page unless exposed', async () => {
    await withProxy({ http: { kind: 'status', status: 429, retryAfterSeconds: 2 } }, async (proxy) => {
      const response = await post(proxy.url, chainId(1))
      expect(response.status).toBe(429)
      expect(response.headers.get('content-type')).toBe('application/json')
      expect(response.headers.get('retry-after')).toBe('2')
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.has('access-control-expose-headers')).toBe(false)
      expect(await response.text()).toBe(TOO_MANY_REQUESTS_BODY)
      expect(JSON.parse(TOO_MANY_REQUESTS_BODY)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32005, message: 'Too Many Requests' },
      })

      proxy.setFaults({ http: { kind: 'status', status: 429, retryAfterSeconds: 7, exposeRetryAfter: true } })
      const exposed = await post(proxy.url, chainId(2))
      expect(exposed.status).toBe(429)
      expect(exposed.headers.get('retry-after')).toBe('7')
      expect(exposed.headers.get('access-control-expose-headers')).toBe('Retry-After')
      expect(exposed.headers.get('access-control-allow-origin')).toBe('*')
      expect(reached).toEqual([])
      expect(proxy.log).toEqual([])
    })
  })

  it('answers 429 without Retry-After when no delay is given, and 503 in plain text', async () => {
    await withProxy({ http: { kind: 'status', status: 429 } }, async (proxy) => {
      const response = await post(proxy.url, chainId(1))
      expect(response.status).toBe(429)
      expect(response.headers.has('retry-after')).toBe(false)
      expect(response.headers.has('access-control-expose-headers')).toBe(false)

      proxy.setFaults({ http: { kind: 'status', status: 503 } })
      const unavailable = await post(proxy.url, chainId(2))
      expect(unavailable.status).toBe(503)
      expect(unavailable.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(unavailable.headers.get('access-control-allow-origin')).toBe('*')
      expect(unavailable.headers.has('retry-after')).toBe(false)
      expect(await unavailable.text()).toBe('503 Service Unavailable')
      expect(reached).toEqual([])
    })
  })

  it('faults only the next `requests` requests, then lets them through; setFaults starts the count again', async () => {
    await withProxy({ http: { kind: 'status', status: 503, requests: 2 } }, async (proxy) => {
      expect((await post(proxy.url, chainId(1))).status).toBe(503)
      expect((await post(proxy.url, chainId(2))).status).toBe(503)
      const third = await post(proxy.url, chainId(3))
      expect(third.status).toBe(200)
      expect(await third.json()).toEqual({ jsonrpc: '2.0', id: 3, result: ['eth_chainId from the node'] })
      expect((await post(proxy.url, chainId(4))).status).toBe(200)

      proxy.setFaults({ http: { kind: 'status', status: 503, requests: 1 } })
      expect((await post(proxy.url, chainId(5))).status).toBe(503)
      expect((await post(proxy.url, chainId(6))).status).toBe(200)

      proxy.setFaults({})
      expect((await post(proxy.url, chainId(7))).status).toBe(200)
      expect(reached.map((call) => call.id)).toEqual([3, 4, 6, 7])
      expect(proxy.requests.map((entry) => [entry.status, entry.fault])).toEqual([
        [503, 'status'],
        [503, 'status'],
        [200, undefined],
        [200, undefined],
        [503, 'status'],
        [200, undefined],
        [200, undefined],
      ])
    })
  })

  it('hangs: no answer until the client gives up, and stop closes what is still open', async () => {
    const proxy = await startRpcProxy({ upstream: nodeUrl, faults: { http: { kind: 'hang', requests: 2 } } })
    let stopped = false
    try {
      const request = (id: number, signal?: AbortSignal) =>
        fetch(proxy.url, { method: 'POST', body: JSON.stringify(chainId(id)), signal })
      await expect(request(1, AbortSignal.timeout(300))).rejects.toMatchObject({ name: 'TimeoutError' })
      const open = request(2).then(
        (response) => response.status,
        (error: unknown) => error,
      )
      await until(() => proxy.requests.length === 2)
      // The third request is past the count: it passes on a connection of its own.
      const third = await request(3)
      expect(third.status).toBe(200)
      expect(await third.json()).toMatchObject({ id: 3, result: ['eth_chainId from the node'] })

      const stopping = Date.now()
      await proxy.stop()
      stopped = true
      expect(await open).toMatchObject({ name: 'TypeError', message: 'fetch failed' })
      expect(Date.now() - stopping).toBeLessThan(1_000)
      expect(reached.map((call) => call.id)).toEqual([3])
      expect(proxy.requests.map((entry) => [entry.status, entry.fault])).toEqual([
        [0, 'hang'],
        [0, 'hang'],
        [200, undefined],
      ])
    } finally {
      if (!stopped) await proxy.stop()
    }
  })

  it('drops the connection without an answer', async () => {
    await withProxy({ http: { kind: 'drop', requests: 1 } }, async (proxy) => {
      const dropped = await post(proxy.url, chainId(1)).catch((error: unknown) => error)
      expect(dropped).toMatchObject({ name: 'TypeError', message: 'fetch failed' })
      expect((dropped as Error).cause).toMatchObject({ code: 'UND_ERR_SOCKET' })
      expect((await post(proxy.url, chainId(2))).status).toBe(200)
      expect(reached.map((call) => call.id)).toEqual([2])
      expect(proxy.requests.map((entry) => [entry.status, entry.fault])).toEqual([
        [0, 'drop'],
        [200, undefined],
      ])
    })
  })

  it('answers 200 with a body that is not JSON, without asking the node', async () => {
    await withProxy({ http: { kind: 'malformed' } }, async (proxy) => {
      const response = await post(proxy.url, chainId(1))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/json')
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      const text = await response.text()
      expect(text).toBe(MALFORMED_BODY)
      expect(() => JSON.parse(text)).toThrow(SyntaxError)
      expect(reached).toEqual([])
      expect(proxy.requests).toMatchObject([{ status: 200, fault: 'malformed', methods: ['eth_chainId'] }])
    })
  })

  it('answers correctly, late', async () => {
    await withProxy({ http: { kind: 'slow', delayMs: 400 } }, async (proxy) => {
      const started = performance.now()
      const response = await post(proxy.url, chainId(1))
      expect(performance.now() - started).toBeGreaterThanOrEqual(390)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: ['eth_chainId from the node'] })
      expect(proxy.requests).toMatchObject([{ status: 200, fault: 'slow', methods: ['eth_chainId'] }])
      expect(proxy.log).toEqual([{ method: 'eth_chainId', refused: undefined, at: expect.any(Number) }])
    })
  })

  it('switches HTTP faults with setFaults, and back to none', async () => {
    await withProxy({ http: { kind: 'status', status: 503 } }, async (proxy) => {
      expect((await post(proxy.url, chainId(1))).status).toBe(503)
      proxy.setFaults({ http: { kind: 'malformed' } })
      expect(await (await post(proxy.url, chainId(2))).text()).toBe(MALFORMED_BODY)
      proxy.setFaults({ http: { kind: 'status', status: 429, retryAfterSeconds: 1 } })
      expect((await post(proxy.url, chainId(3))).status).toBe(429)
      proxy.setFaults({})
      expect(await (await post(proxy.url, chainId(4))).json()).toMatchObject({ id: 4 })
      expect(proxy.requests.map((entry) => entry.fault)).toEqual(['status', 'malformed', 'status', undefined])
    })
  })

  it('rate-limits each client: past perSecond in one second is 429, the next second passes', async () => {
    await withProxy({ rateLimit: { perSecond: 3 } }, async (proxy) => {
      const started = Date.now()
      const statuses: number[] = []
      for (let id = 1; id <= 4; id++) statuses.push((await post(proxy.url, chainId(id))).status)
      expect(statuses).toEqual([200, 200, 200, 429])
      const limited = await post(proxy.url, chainId(5))
      expect(Date.now() - started).toBeLessThan(1_000) // All five in the client's first second.
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).toBe('1')
      expect(limited.headers.has('access-control-expose-headers')).toBe(false)
      expect(limited.headers.get('access-control-allow-origin')).toBe('*')
      expect(await limited.text()).toBe(RATE_LIMITED_BODY)
      // Another origin, or another forwarded address, is another client with a budget of its own.
      expect((await post(proxy.url, chainId(6), { origin: 'http://127.0.0.1:5173' })).status).toBe(200)
      expect((await post(proxy.url, chainId(7), { 'x-forwarded-for': '203.0.113.7' })).status).toBe(200)
      expect(reached.map((call) => call.id)).toEqual([1, 2, 3, 6, 7])

      await sleep(started + 1_050 - Date.now())
      expect((await post(proxy.url, chainId(8))).status).toBe(200)
      expect(proxy.requests.map((entry) => [entry.status, entry.fault])).toEqual([
        [200, undefined],
        [200, undefined],
        [200, undefined],
        [429, 'rate-limit'],
        [429, 'rate-limit'],
        [200, undefined],
        [200, undefined],
        [200, undefined],
      ])

      proxy.setFaults({ rateLimit: { perSecond: 1, exposeRetryAfter: true } })
      expect((await post(proxy.url, chainId(9))).status).toBe(200)
      const exposed = await post(proxy.url, chainId(10))
      expect(exposed.status).toBe(429)
      expect(exposed.headers.get('retry-after')).toBe('1')
      expect(exposed.headers.get('access-control-expose-headers')).toBe('Retry-After')
    })
  })

  it('logs every POST: its status, fault, methods (single or batched) and time', async () => {
    await withProxy({ http: { kind: 'status', status: 503, requests: 1 } }, async (proxy) => {
      const before = Date.now()
      await post(proxy.url, [chainId(1), getLogs(2, '0x0', '0x1')])
      await post(proxy.url, [chainId(3), { jsonrpc: '2.0', id: 4, method: 'eth_blockNumber' }])
      await post(proxy.url, getLogs(5, '0x0', '0x1'))
      await fetch(proxy.url, { method: 'POST', body: '{not json' })
      const after = Date.now()
      expect(proxy.requests.map(({ at: _at, ...entry }) => entry)).toEqual([
        { status: 503, methods: ['eth_chainId', 'eth_getLogs'], fault: 'status' },
        { status: 200, methods: ['eth_chainId', 'eth_blockNumber'], fault: undefined },
        { status: 200, methods: ['eth_getLogs'], fault: undefined },
        { status: 400, methods: [], fault: undefined },
      ])
      for (const entry of proxy.requests) {
        expect(entry.at).toBeGreaterThanOrEqual(before)
        expect(entry.at).toBeLessThanOrEqual(after)
      }
      // The per-call log holds only the calls that got past the HTTP faults.
      expect(proxy.log.map((entry) => entry.method)).toEqual(['eth_chainId', 'eth_blockNumber', 'eth_getLogs'])
    })
  })

  it('never faults or counts a preflight', async () => {
    await withProxy(
      { http: { kind: 'status', status: 503, requests: 1 }, rateLimit: { perSecond: 2 } },
      async (proxy) => {
        for (let i = 0; i < 3; i++) {
          const preflight = await fetch(proxy.url, { method: 'OPTIONS' })
          expect(preflight.status).toBe(204)
          expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
        }
        expect((await post(proxy.url, chainId(1))).status).toBe(503)
        expect((await post(proxy.url, chainId(2))).status).toBe(200)
        expect((await post(proxy.url, chainId(3))).status).toBe(200)
        expect((await post(proxy.url, chainId(4))).status).toBe(429)
        expect(proxy.requests.map((entry) => entry.status)).toEqual([503, 200, 200, 429])
      },
    )
  })
})

describe('the RPC proxy’s record of what an app asks', () => {
  const ethCall = (id: number, to: string, data: string) => ({
    jsonrpc: '2.0',
    id,
    method: 'eth_call',
    params: [{ to, data }, 'latest'],
  })

  it('says which read each eth_call was and when its request arrived, and reset starts the count again', async () => {
    await withProxy({}, async (proxy) => {
      const before = Date.now()
      await rpc(proxy.url, [ethCall(1, '0xcA11bde05977b3631167028862bE2a173976CA11', '0x82ad56cb0000'), chainId(2)])
      expect(proxy.log).toEqual([
        {
          method: 'eth_call',
          refused: undefined,
          at: expect.any(Number),
          call: '0xcA11bde05977b3631167028862bE2a173976CA11 0x82ad56cb (6 bytes)',
        },
        { method: 'eth_chainId', refused: undefined, at: expect.any(Number) },
      ])
      expect(proxy.log[0]?.at).toBeGreaterThanOrEqual(before)
      expect(proxy.log[0]?.at).toBe(proxy.log[1]?.at)
      expect(proxy.requests).toHaveLength(1)
      proxy.reset()
      expect([proxy.log.length, proxy.requests.length]).toEqual([0, 0])
      await rpc(proxy.url, chainId(3))
      expect(proxy.log.map((entry) => entry.method)).toEqual(['eth_chainId'])
      expect(proxy.requests).toHaveLength(1)
    })
  })

  it('holds every answer until released, then answers them all', async () => {
    await withProxy({}, async (proxy) => {
      const release = proxy.hold()
      let answered = false
      const pending = rpc(proxy.url, chainId(1)).then((answer) => {
        answered = true
        return answer
      })
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(answered).toBe(false)
      expect(reached).toEqual([])
      release()
      expect(await pending).toEqual({ jsonrpc: '2.0', id: 1, result: ['eth_chainId from the node'] })
      // Released, the proxy answers at once again.
      expect(await rpc(proxy.url, chainId(2))).toEqual({ jsonrpc: '2.0', id: 2, result: ['eth_chainId from the node'] })
    })
  })
})

describe('the fault profiles', () => {
  it('names the profiles for manual runs, each with a description', () => {
    // An integer-like key ('503') comes first in an object's own order.
    expect(Object.keys(FAULT_PROFILES)).toEqual([
      '503',
      '429-burst',
      '429-exposed',
      'hang',
      'slow',
      'malformed',
      'drop',
      'rate-50',
      'rate-5',
      'getlogs-cap',
      'no-history',
      'public',
      'results-cap',
    ])
    for (const profile of Object.values(FAULT_PROFILES)) expect(profile.description).not.toBe('')
  })

  it('parses a profile name into its faults, as a copy', () => {
    expect(parseFaultProfile('429-burst')).toEqual({
      http: { kind: 'status', status: 429, retryAfterSeconds: 2, requests: 20 },
    })
    expect(parseFaultProfile('429-exposed')).toEqual({
      http: { kind: 'status', status: 429, retryAfterSeconds: 2, exposeRetryAfter: true, requests: 20 },
    })
    expect(parseFaultProfile('503')).toEqual({ http: { kind: 'status', status: 503, requests: 30 } })
    expect(parseFaultProfile('hang')).toEqual({ http: { kind: 'hang', requests: 10 } })
    expect(parseFaultProfile('slow')).toEqual({ http: { kind: 'slow', delayMs: 3_000 } })
    expect(parseFaultProfile('malformed')).toEqual({ http: { kind: 'malformed', requests: 10 } })
    expect(parseFaultProfile('drop')).toEqual({ http: { kind: 'drop', requests: 10 } })
    expect(parseFaultProfile('rate-50')).toEqual({ rateLimit: { perSecond: 50 } })
    expect(parseFaultProfile('rate-5')).toEqual({ rateLimit: { perSecond: 5 } })
    expect(parseFaultProfile('getlogs-cap')).toEqual({ getLogsMaxRange: 1_000 })
    expect(parseFaultProfile('no-history')).toEqual({ getLogsRefused: true })
    expect(parseFaultProfile('public')).toEqual({ lag: { blocks: 3 }, getLogsMaxRange: 2_048 })
    expect([PUBLIC_LAG_BLOCKS, PUBLIC_GETLOGS_MAX_RANGE]).toEqual([3, 2_048])
    expect(parseFaultProfile('results-cap')).toEqual({ getLogsMaxResults: RESULTS_CAP_PROFILE_LIMIT })

    const faults = parseFaultProfile('rate-5')
    faults.rateLimit = { perSecond: 1 }
    expect(FAULT_PROFILES['rate-5']?.faults).toEqual({ rateLimit: { perSecond: 5 } })
    const lagging = parseFaultProfile('public')
    if (lagging.lag) lagging.lag.blocks = 100
    expect(FAULT_PROFILES.public?.faults.lag).toEqual({ blocks: 3 })
  })

  it('refuses an unknown name, listing the valid ones', () => {
    const valid =
      '503, 429-burst, 429-exposed, hang, slow, malformed, drop, rate-50, rate-5, getlogs-cap, no-history, public, results-cap'
    expect(() => parseFaultProfile('429')).toThrow(`Unknown RPC fault profile "429"; valid profiles: ${valid}.`)
    expect(() => parseFaultProfile('toString')).toThrow('Unknown RPC fault profile "toString"')
  })
})

/** Code that emits one log with no topics and no data whenever it is called: PUSH1 0 PUSH1 0 LOG0 STOP. */
const EMITS_A_LOG = '0x60006000a000'
/** Code that returns the number of the block it runs in: NUMBER PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN. */
const RETURNS_BLOCK_NUMBER = '0x4360005260206000f3'
/** Deploys RETURNS_BLOCK_NUMBER: PUSH9 <code> PUSH1 0 MSTORE PUSH1 9 PUSH1 23 RETURN. */
const DEPLOYS_BLOCK_NUMBER = '0x684360005260206000f360005260096017f3'
const EMITTER: Address = '0x00000000000000000000000000000000000e1111'
const [SENDER] = ANVIL_ACCOUNTS

describe('the RPC proxy’s lagging node, against anvil', () => {
  let anvil: Anvil
  let chain: ReturnType<typeof anvilClient>

  function anvilClient(url: string) {
    return createTestClient({ mode: 'anvil', chain: foundry, cacheTime: 0, transport: http(url, { retryCount: 0 }) })
      .extend(publicActions)
      .extend(walletActions)
  }

  beforeAll(async () => {
    anvil = await startAnvil()
    chain = anvilClient(anvil.rpcUrl)
    await chain.setCode({ address: EMITTER, bytecode: EMITS_A_LOG })
    // Every test then starts with the lagging node's head above block 0.
    await chain.mine({ blocks: 10 })
  })
  afterAll(() => anvil?.stop())

  const withLag = (faults: FaultOptions, run: (proxy: RpcProxy) => Promise<void>) =>
    withRpcProxy({ upstream: anvil.rpcUrl, faults }, run)

  /** The answers (result or error, without id) to `calls`, sent as one batch. */
  async function batch(proxy: RpcProxy, calls: { method: string; params?: unknown[] }[]): Promise<unknown[]> {
    const replies = (await rpc(
      proxy.url,
      calls.map((call, index) => ({ jsonrpc: '2.0', id: index + 1, ...call })),
    )) as Record<string, unknown>[]
    return replies.map(({ jsonrpc: _jsonrpc, id: _id, ...outcome }) => outcome)
  }

  /** The same call twice in one batch: the head node's answer, then the lagging node's (on a proxy at an even count). */
  const both = (proxy: RpcProxy, method: string, params: unknown[]) =>
    batch(proxy, [
      { method, params },
      { method, params },
    ])

  /** anvil mines a transaction just after it answers eth_sendTransaction: waits for its receipt. */
  const mined = (hash: Hash) => chain.waitForTransactionReceipt({ hash, pollingInterval: 10 })

  /** Sends a transaction from SENDER and returns its hash and block, once mined. */
  async function send(transaction: { to: Address; value?: bigint }): Promise<{ hash: Hash; block: bigint }> {
    const hash = await chain.sendTransaction({ account: SENDER, ...transaction })
    return { hash, block: (await mined(hash)).blockNumber }
  }

  const hex = (value: bigint) => numberToHex(value)
  const headerNotFound = { error: { code: -32000, message: 'header not found' } }
  const blockNumberOf = (outcome: unknown) => (outcome as { result: { number: string } | null }).result?.number
  const logBlocks = (outcome: unknown) =>
    (outcome as { result: { blockNumber: string }[] }).result.map((log) => BigInt(log.blockNumber))
  const logsFilter = (range: Record<string, unknown>) => [{ address: EMITTER, ...range }]

  it('alternates the block-dependent reads between the head node and one `blocks` behind, per call and in batches', async () => {
    const head = await chain.getBlockNumber()
    await withLag({ lag: { blocks: 3 } }, async (proxy) => {
      expect(
        await batch(proxy, [
          { method: 'eth_blockNumber' },
          { method: 'eth_chainId' },
          { method: 'eth_blockNumber' },
          { method: 'eth_gasPrice' },
          { method: 'eth_blockNumber' },
          { method: 'eth_blockNumber' },
        ]),
      ).toEqual([
        { result: hex(head) },
        { result: hex(BigInt(foundry.id)) },
        { result: hex(head - 3n) },
        { result: expect.any(String) },
        { result: hex(head) },
        { result: hex(head - 3n) },
      ])
      // The count goes on across requests: the fifth spread call goes to the head node, the sixth to the lagging one.
      expect(await rpc(proxy.url, { jsonrpc: '2.0', id: 7, method: 'eth_blockNumber' })).toMatchObject({
        result: hex(head),
      })
      expect(await rpc(proxy.url, { jsonrpc: '2.0', id: 8, method: 'eth_blockNumber' })).toMatchObject({
        result: hex(head - 3n),
      })
      expect(proxy.log.map((entry) => [entry.method, entry.node])).toEqual([
        ['eth_blockNumber', 'head'],
        ['eth_chainId', undefined],
        ['eth_blockNumber', 'lagging'],
        ['eth_gasPrice', undefined],
        ['eth_blockNumber', 'head'],
        ['eth_blockNumber', 'lagging'],
        ['eth_blockNumber', 'head'],
        ['eth_blockNumber', 'lagging'],
      ])

      // setFaults starts again from the head node; a node further behind than the chain is long is at block 0.
      proxy.setFaults({ lag: { blocks: 1_000_000 } })
      expect(await both(proxy, 'eth_blockNumber', [])).toEqual([{ result: hex(head) }, { result: '0x0' }])
      proxy.setFaults({})
      expect(await both(proxy, 'eth_blockNumber', [])).toEqual([{ result: hex(head) }, { result: hex(head) }])
      expect(proxy.log.slice(-2).map((entry) => entry.node)).toEqual([undefined, undefined])
    })
  })

  it('alternates in the order requests came, even while the front asks the node about an earlier one', async () => {
    const head = await chain.getBlockNumber()
    await withLag({ lag: { blocks: 3 }, getLogsMaxRange: 10 }, async (proxy) => {
      const release = proxy.hold()
      // The cap asks the node for the head before it lets the first request's eth_getLogs through.
      const first = batch(proxy, [
        { method: 'eth_getLogs', params: logsFilter({ fromBlock: hex(head), toBlock: 'latest' }) },
        { method: 'eth_blockNumber' },
      ])
      await sleep(100)
      const second = batch(proxy, [{ method: 'eth_blockNumber' }])
      await sleep(100)
      release()
      expect((await first)[1]).toEqual({ result: hex(head - 3n) })
      expect(await second).toEqual([{ result: hex(head) }])
      expect(proxy.log.map((entry) => [entry.method, entry.node])).toEqual([
        ['eth_getLogs', 'head'],
        ['eth_blockNumber', 'lagging'],
        ['eth_blockNumber', 'head'],
      ])
    })
  })

  it('the `public` profile lags by PUBLIC_LAG_BLOCKS', async () => {
    const head = await chain.getBlockNumber()
    await withLag(parseFaultProfile('public'), async (proxy) => {
      expect(await both(proxy, 'eth_blockNumber', [])).toEqual([
        { result: hex(head) },
        { result: hex(head - BigInt(PUBLIC_LAG_BLOCKS)) },
      ])
    })
  })

  it('stops following the chain at `stuckAt`: its head stays there while the real one moves on', async () => {
    const head = await chain.getBlockNumber()
    await withLag({ lag: { blocks: 3, stuckAt: Number(head - 5n) } }, async (proxy) => {
      expect(await both(proxy, 'eth_blockNumber', [])).toEqual([{ result: hex(head) }, { result: hex(head - 5n) }])
      await chain.mine({ blocks: 10 })
      expect(await both(proxy, 'eth_blockNumber', [])).toEqual([
        { result: hex(head + 10n) },
        { result: hex(head - 5n) },
      ])
    })
    // Not stuck yet: `blocks` behind, as always.
    await withLag({ lag: { blocks: 3, stuckAt: Number(head + 100n) } }, async (proxy) => {
      expect(await both(proxy, 'eth_blockNumber', [])).toEqual([
        { result: hex(head + 10n) },
        { result: hex(head + 7n) },
      ])
    })
  })

  it('reads state at its own head: what changed since is not there, and a block it lacks is "header not found"', async () => {
    const funded: Address = '0x000000000000000000000000000000000000f00d'
    const deployed = await chain.sendTransaction({ account: SENDER, data: DEPLOYS_BLOCK_NUMBER })
    const { contractAddress } = await mined(deployed)
    const { block: fundedAt } = await send({ to: funded, value: 5n })
    await chain.mine({ blocks: 1 })
    const head = fundedAt + 1n
    const lagging = head - 3n // Before the deployment and the funding.
    expect(await chain.getBlockNumber()).toBe(head)
    const nonceAt = async (blockNumber: bigint) =>
      hex(BigInt(await chain.getTransactionCount({ address: SENDER, blockNumber })))

    await withLag({ lag: { blocks: 3 } }, async (proxy) => {
      expect(await both(proxy, 'eth_getBalance', [funded, 'latest'])).toEqual([{ result: '0x5' }, { result: '0x0' }])
      expect(await both(proxy, 'eth_getBalance', [funded, 'pending'])).toEqual([{ result: '0x5' }, { result: '0x0' }])
      expect(await both(proxy, 'eth_getBalance', [funded, hex(head)])).toEqual([{ result: '0x5' }, headerNotFound])
      expect(await both(proxy, 'eth_getBalance', [funded, hex(lagging)])).toEqual([
        { result: '0x0' },
        { result: '0x0' },
      ])
      expect(await both(proxy, 'eth_getBalance', [funded, { blockNumber: hex(head) }])).toEqual([
        { result: '0x5' },
        headerNotFound,
      ])
      const headBlock = await chain.getBlock({ blockNumber: head })
      const laggingBlock = await chain.getBlock({ blockNumber: lagging })
      expect(await both(proxy, 'eth_getBalance', [funded, { blockHash: headBlock.hash }])).toEqual([
        { result: '0x5' },
        { error: { code: -32000, message: 'header for hash not found' } },
      ])
      expect(await both(proxy, 'eth_getBalance', [funded, { blockHash: laggingBlock.hash }])).toEqual([
        { result: '0x0' },
        { result: '0x0' },
      ])
      expect(await both(proxy, 'eth_getBalance', [SENDER, 'earliest'])).toEqual([
        { result: hex(10_000n * 10n ** 18n) },
        { result: hex(10_000n * 10n ** 18n) },
      ])
      expect(await both(proxy, 'eth_getCode', [contractAddress, 'latest'])).toEqual([
        { result: RETURNS_BLOCK_NUMBER },
        { result: '0x' },
      ])
      expect(await both(proxy, 'eth_getTransactionCount', [SENDER, 'latest'])).toEqual([
        { result: await nonceAt(head) },
        { result: await nonceAt(lagging) },
      ])
      expect(await both(proxy, 'eth_getTransactionCount', [SENDER, hex(head)])).toEqual([
        { result: await nonceAt(head) },
        headerNotFound,
      ])
    })
  })

  it('runs eth_call and eth_estimateGas at its own head, keeping the call’s state overrides', async () => {
    await chain.mine({ blocks: 1 })
    const head = await chain.getBlockNumber()
    const reader: Address = '0x00000000000000000000000000000000000b10cc'
    const overrides = { [reader]: { code: RETURNS_BLOCK_NUMBER } }
    await withLag({ lag: { blocks: 3 } }, async (proxy) => {
      expect(await both(proxy, 'eth_call', [{ to: reader }, 'latest', overrides])).toEqual([
        { result: pad(hex(head)) },
        { result: pad(hex(head - 3n)) },
      ])
      // No block is `latest`.
      expect(await both(proxy, 'eth_call', [{ to: reader, data: '0x' }])).toEqual([{ result: '0x' }, { result: '0x' }])
      expect(await both(proxy, 'eth_call', [{ to: reader }, hex(head - 1n), overrides])).toEqual([
        { result: pad(hex(head - 1n)) },
        headerNotFound,
      ])
      expect(await both(proxy, 'eth_call', [{ to: reader }, hex(head - 3n), overrides])).toEqual([
        { result: pad(hex(head - 3n)) },
        { result: pad(hex(head - 3n)) },
      ])
      const transfer = { from: SENDER, to: reader, value: '0x1' }
      expect(await both(proxy, 'eth_estimateGas', [transfer])).toEqual([{ result: '0x5208' }, { result: '0x5208' }])
      expect(await both(proxy, 'eth_estimateGas', [transfer, hex(head)])).toEqual([
        { result: '0x5208' },
        headerNotFound,
      ])
    })
  })

  it('answers blocks as of its own head: `latest` is its head, a later block is null', async () => {
    await chain.mine({ blocks: 1 })
    const head = await chain.getBlockNumber()
    await withLag({ lag: { blocks: 3 } }, async (proxy) => {
      expect((await both(proxy, 'eth_getBlockByNumber', ['latest', false])).map(blockNumberOf)).toEqual([
        hex(head),
        hex(head - 3n),
      ])
      const [, pending] = await both(proxy, 'eth_getBlockByNumber', ['pending', false])
      expect(blockNumberOf(pending)).toBe(hex(head - 3n))
      const [atHead, lagging] = await both(proxy, 'eth_getBlockByNumber', [hex(head), false])
      expect([blockNumberOf(atHead), lagging]).toEqual([hex(head), { result: null }])
      expect((await both(proxy, 'eth_getBlockByNumber', [hex(head - 3n), false])).map(blockNumberOf)).toEqual([
        hex(head - 3n),
        hex(head - 3n),
      ])
      expect((await both(proxy, 'eth_getBlockByNumber', ['earliest', false])).map(blockNumberOf)).toEqual([
        '0x0',
        '0x0',
      ])
    })
  })

  it('answers null for the receipt of a transaction mined after its head, until it catches up', async () => {
    const { hash, block } = await send({ to: EMITTER })
    await withLag({ lag: { blocks: 3 } }, async (proxy) => {
      const [receipt, lagging] = await both(proxy, 'eth_getTransactionReceipt', [hash])
      expect(receipt).toMatchObject({ result: { transactionHash: hash, blockNumber: hex(block) } })
      expect(lagging).toEqual({ result: null })
      await chain.mine({ blocks: 3 })
      expect(await both(proxy, 'eth_getTransactionReceipt', [hash])).toEqual([receipt, receipt])
    })
  })

  it('answers eth_getLogs up to its head with no error, [] past it, and "unknown block" for a block it lacks', async () => {
    const { block: early } = await send({ to: EMITTER })
    await chain.mine({ blocks: 2 })
    const { block: head } = await send({ to: EMITTER })
    expect(head - 3n).toBe(early) // The lagging node's head is the early log's block.
    await withLag({ lag: { blocks: 3 } }, async (proxy) => {
      const range = await both(proxy, 'eth_getLogs', logsFilter({ fromBlock: hex(early), toBlock: hex(head) }))
      expect(range.map(logBlocks)).toEqual([[early, head], [early]])
      const latest = await both(proxy, 'eth_getLogs', logsFilter({}))
      expect(latest.map(logBlocks)).toEqual([[head], [early]])
      const pastItsHead = await both(
        proxy,
        'eth_getLogs',
        logsFilter({ fromBlock: hex(early + 1n), toBlock: 'latest' }),
      )
      expect(pastItsHead.map(logBlocks)).toEqual([[head], []])
      expect(await both(proxy, 'eth_getLogs', logsFilter({ fromBlock: hex(early + 1n), toBlock: hex(early) }))).toEqual(
        [{ result: [] }, { error: { code: -32000, message: 'invalid block range params' } }],
      )
      const headHash = (await chain.getBlock({ blockNumber: head })).hash
      const [byHash, unknown] = await both(proxy, 'eth_getLogs', logsFilter({ blockHash: headHash }))
      expect([logBlocks(byHash), unknown]).toEqual([[head], { error: { code: -32000, message: 'unknown block' } }])
      const earlyHash = (await chain.getBlock({ blockNumber: early })).hash
      expect((await both(proxy, 'eth_getLogs', logsFilter({ blockHash: earlyHash }))).map(logBlocks)).toEqual([
        [early],
        [early],
      ])
    })
  })

  it("refuses a range past its head as go-ethereum 1.17 does, with pastHead: 'refuse'", async () => {
    const { block: early } = await send({ to: EMITTER })
    await chain.mine({ blocks: 2 })
    const { block: head } = await send({ to: EMITTER })
    await withLag({ lag: { blocks: 3, pastHead: 'refuse' } }, async (proxy) => {
      const range = await both(proxy, 'eth_getLogs', logsFilter({ fromBlock: hex(early), toBlock: hex(head) }))
      expect(range).toEqual([
        { result: expect.any(Array) },
        { error: { code: -32602, message: 'block range extends beyond current head block' } },
      ])
      expect(logBlocks(range[0])).toEqual([early, head])
      // Up to its own head, it answers as the head node does.
      const upToItsHead = await both(proxy, 'eth_getLogs', logsFilter({ fromBlock: hex(early), toBlock: hex(early) }))
      expect(upToItsHead.map(logBlocks)).toEqual([[early], [early]])
    })
  })

  it('refuses a log query by its results as Infura does, counting what the answering node returned', async () => {
    // Two logs in one block, then one three blocks later.
    await chain.setAutomine(false)
    await chain.sendTransaction({ account: SENDER, to: EMITTER })
    await chain.sendTransaction({ account: SENDER, to: EMITTER })
    await chain.mine({ blocks: 1 })
    await chain.setAutomine(true)
    const twice = await chain.getBlockNumber()
    await chain.mine({ blocks: 2 })
    const { block: once } = await send({ to: EMITTER })
    const infura = (value: bigint) => `0x${value.toString(16).toUpperCase()}`
    const refusal = (limit: number, from: bigint, to: bigint) => ({
      error: {
        code: -32005,
        message: `query returned more than ${limit} results. Try with this block range [${infura(from)}, ${infura(to)}].`,
        data: { from: infura(from), limit, to: infura(to) },
      },
    })
    const wide = logsFilter({ fromBlock: hex(twice), toBlock: hex(once) })

    await withLag({ getLogsMaxResults: 2 }, async (proxy) => {
      // The third log is in `once`: the range to ask ends the block before it.
      expect(await batch(proxy, [{ method: 'eth_getLogs', params: wide }])).toEqual([refusal(2, twice, once - 1n)])
      // Past 3 logs no refusal; `latest` is `once`, where the query starts.
      expect(
        (await batch(proxy, [{ method: 'eth_getLogs', params: logsFilter({ fromBlock: hex(twice + 1n) }) }])).map(
          logBlocks,
        ),
      ).toEqual([[once]])
      proxy.setFaults({ getLogsMaxResults: 1 })
      // The second log is in the query's first block: the range to ask is that block alone.
      expect(await batch(proxy, [{ method: 'eth_getLogs', params: wide }])).toEqual([refusal(1, twice, twice)])
      const twiceHash = (await chain.getBlock({ blockNumber: twice })).hash
      expect(await batch(proxy, [{ method: 'eth_getLogs', params: logsFilter({ blockHash: twiceHash }) }])).toEqual([
        refusal(1, twice, twice),
      ])
      expect(proxy.log.map((entry) => entry.refused?.code)).toEqual([-32005, undefined, -32005, -32005])
    })

    // Behind the lag, the head node's three logs are refused and the lagging node's two (up to `once - 3`) are not.
    await withLag({ lag: { blocks: 3 }, getLogsMaxResults: 2 }, async (proxy) => {
      const [atHead, lagging] = await both(proxy, 'eth_getLogs', wide)
      expect(atHead).toEqual(refusal(2, twice, once - 1n))
      expect(logBlocks(lagging)).toEqual([twice, twice])
    })
  })

  it('judges a call at the front, as asked and before a node is chosen: a refused call is not counted', async () => {
    const head = await chain.getBlockNumber()
    await withLag({ lag: { blocks: 3 }, getLogsMaxRange: 10 }, async (proxy) => {
      const [refused, first, asked, second] = await batch(proxy, [
        { method: 'eth_getLogs', params: logsFilter({ fromBlock: '0x0' }) },
        { method: 'eth_blockNumber' },
        // Ten blocks up to the real head pass the cap, though the lagging node then reads only seven.
        { method: 'eth_getLogs', params: logsFilter({ fromBlock: hex(head - 9n), toBlock: 'latest' }) },
        { method: 'eth_blockNumber' },
      ])
      // `latest` is the real head to the cap, not the lagging node's.
      expect(refused).toEqual({
        error: { code: -32000, message: `requested too many blocks from 0 to ${head}, maximum is set to 10` },
      })
      expect([first, second]).toEqual([{ result: hex(head) }, { result: hex(head) }])
      expect(asked).toMatchObject({ result: expect.any(Array) })
      expect(await batch(proxy, [{ method: 'eth_getLogs', params: logsFilter({ fromBlock: '0x0' }) }])).toMatchObject([
        { error: { code: -32000 } },
      ])
      expect(await batch(proxy, [{ method: 'eth_blockNumber' }])).toEqual([{ result: hex(head - 3n) }])
      expect(proxy.log.map((entry) => [entry.method, entry.refused !== undefined, entry.node])).toEqual([
        ['eth_getLogs', true, undefined],
        ['eth_blockNumber', false, 'head'],
        ['eth_getLogs', false, 'lagging'],
        ['eth_blockNumber', false, 'head'],
        ['eth_getLogs', true, undefined],
        ['eth_blockNumber', false, 'lagging'],
      ])
    })
  })
})
