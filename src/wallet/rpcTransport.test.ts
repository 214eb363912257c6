import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient } from 'viem'
import { foundry } from 'viem/chains'
import { afterEach, describe, expect, it } from 'vitest'
import { isEndpointFailure } from '../lib/errors'
import { rpcTransport } from './rpcTransport'

type Endpoint = { url: string; bodies: unknown[]; times: number[]; server: Server }
const endpoints: Endpoint[] = []

/** A stand-in RPC endpoint: `answer` gets the request number (0-based) and writes the response. */
async function endpoint(answer: (index: number, response: ServerResponse, body: unknown) => void): Promise<Endpoint> {
  const bodies: unknown[] = []
  const times: number[] = []
  const server = createServer((request: IncomingMessage, response) => {
    let text = ''
    request.on('data', (chunk) => {
      text += chunk
    })
    request.on('end', () => {
      const body = JSON.parse(text) as unknown
      bodies.push(body)
      times.push(Date.now())
      answer(bodies.length - 1, response, body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const created = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, times, server }
  endpoints.push(created)
  return created
}

type Call = { id: number; method: string }
const blockNumberReply = (response: ServerResponse, body: unknown) => {
  const reply = (call: Call) => ({ jsonrpc: '2.0', id: call.id, result: '0x2a' })
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify(Array.isArray(body) ? body.map(reply) : reply(body as Call)))
}
const status =
  (code: number, headers: Record<string, string> = {}) =>
  (response: ServerResponse) => {
    response.writeHead(code, headers).end('Too Many Requests')
  }

afterEach(async () => {
  await Promise.all(endpoints.splice(0).map(({ server }) => new Promise((resolve) => server.close(resolve))))
})

const clientOf = (urls: string[]) => createPublicClient({ chain: foundry, transport: rpcTransport(urls) })

describe('rpcTransport', () => {
  it('asks the next endpoint when one fails, within the same request', async () => {
    const down = await endpoint((_, response) => status(503)(response))
    const up = await endpoint((_, response, body) => blockNumberReply(response, body))
    expect(await clientOf([down.url, up.url]).getBlockNumber({ cacheTime: 0 })).toBe(42n)
    expect([down.bodies.length, up.bodies.length]).toEqual([1, 1])
  })

  it("takes a working endpoint's JSON-RPC error as the answer, without asking the next one", async () => {
    const refusing = await endpoint((_, response, body) => {
      response.setHeader('content-type', 'application/json')
      const call = body as Call
      response.end(
        JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32000, message: 'block range too wide' } }),
      )
    })
    const other = await endpoint((_, response, body) => blockNumberReply(response, body))
    const failure = await clientOf([refusing.url, other.url])
      .getBlockNumber({ cacheTime: 0 })
      .catch((error: unknown) => error)
    expect(String(failure)).toContain('block range too wide')
    expect(isEndpointFailure(failure)).toBe(false)
    expect([refusing.bodies.length, other.bodies.length]).toEqual([1, 0])
  })

  it('asks each endpoint once and fails as an endpoint failure, leaving the retry to the page', async () => {
    const first = await endpoint((_, response) => status(429, { 'retry-after': '2' })(response))
    const second = await endpoint((_, response) => status(503)(response))
    const failure = await clientOf([first.url, second.url])
      .getBlockNumber({ cacheTime: 0 })
      .catch((error: unknown) => error)
    expect(isEndpointFailure(failure)).toBe(true)
    expect([first.bodies.length, second.bodies.length]).toEqual([1, 1])
  })

  it('sends the reads made in the same moment as one JSON-RPC batch', async () => {
    const node = await endpoint((_, response, body) => blockNumberReply(response, body))
    const client = clientOf([node.url])
    await Promise.all([client.getBlockNumber({ cacheTime: 0 }), client.getChainId()])
    expect(node.bodies).toHaveLength(1)
    expect((node.bodies[0] as Call[]).map((call) => call.method).sort()).toEqual(['eth_blockNumber', 'eth_chainId'])
  })

  it('refuses to build without an endpoint', () => {
    expect(() => rpcTransport([])).toThrow('No RPC endpoint is configured.')
  })
})
