import { describe, expect, it } from 'vitest'
import { checkRpcUrl } from './holderRpc'

/** A fetch that answers eth_chainId with `result`, or fails as `failure` says. */
const answering =
  (result: unknown, status = 200): typeof fetch =>
  async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { method: string }
    expect(body.method).toBe('eth_chainId')
    return Response.json({ jsonrpc: '2.0', id: 1, result }, { status })
  }
const refusing: typeof fetch = async () => {
  throw new TypeError('Failed to fetch')
}

describe('checkRpcUrl', () => {
  it('accepts an endpoint of the right chain, trimmed', async () => {
    expect(await checkRpcUrl('  https://rpc.example.org/v1 ', 43114, 'Avalanche', answering('0xa86a'))).toEqual({
      ok: true,
      url: 'https://rpc.example.org/v1',
    })
  })

  it.each<[string, typeof fetch, string]>([
    ['rpc.example.org', answering('0x1'), 'Enter an RPC address starting with https:// (or http://).'],
    ['wss://rpc.example.org', answering('0x1'), 'Enter an RPC address starting with https:// (or http://).'],
    ['https://rpc.example.org', answering('0x1'), 'This RPC serves chain 1, not Avalanche (chain 43114).'],
    ['https://rpc.example.org', refusing, 'This RPC did not answer. Check the address, or try another one.'],
    [
      'https://rpc.example.org',
      answering('0xa86a', 429),
      'This RPC did not answer. Check the address, or try another one.',
    ],
    [
      'https://rpc.example.org',
      answering('nonsense'),
      'This RPC did not answer. Check the address, or try another one.',
    ],
  ])('refuses %j (%#)', async (text, fetchFn, message) => {
    expect(await checkRpcUrl(text, 43114, 'Avalanche', fetchFn)).toEqual({ ok: false, message })
  })
})
