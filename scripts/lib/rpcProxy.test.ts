import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type RpcCall, type RpcProxy, startRpcProxy } from './rpcProxy'

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

async function withProxy(
  faults: Parameters<typeof startRpcProxy>[0]['faults'],
  run: (proxy: RpcProxy) => Promise<void>,
) {
  const proxy = await startRpcProxy({ upstream: nodeUrl, faults })
  try {
    await run(proxy)
  } finally {
    await proxy.stop()
  }
}

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
