import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Config } from 'wagmi'

const chain = vi.hoisted(() => ({
  seen: undefined as bigint | undefined,
  head: 0n as bigint | Error,
  pending: 0,
  countedAt: new Map<bigint, number>(),
}))

vi.mock('wagmi/actions', () => ({ getClient: () => ({ chain: { id: 31337 } }) }))
vi.mock('../../lib/readFloors', () => ({ lastSeenBlock: () => chain.seen }))
vi.mock('viem/actions', () => ({
  getBlockNumber: async () => {
    if (chain.head instanceof Error) throw chain.head
    return chain.head
  },
  getTransactionCount: async (_: unknown, { blockNumber }: { blockNumber?: bigint }) =>
    blockNumber === undefined ? chain.pending : (chain.countedAt.get(blockNumber) ?? 0),
  getTransaction: async () => undefined,
}))

const { whereTheChainIs } = await import('./wallet')
const config = {} as Config
const holder = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('whereTheChainIs', () => {
  beforeEach(() => {
    chain.seen = undefined
    chain.head = 0n
    chain.pending = 0
    chain.countedAt.clear()
  })

  it('looks for the write from the block after the head, with the wallet’s pending nonce', async () => {
    chain.head = 120n
    chain.pending = 4
    expect(await whereTheChainIs(config, holder, 7n)).toEqual({ fromBlock: 121, nonce: 4 })
  })

  it('a node behind the page: from the block after the one the page has seen, never from the node’s lower head', async () => {
    chain.seen = 120n
    chain.head = 117n
    chain.pending = 3
    chain.countedAt.set(120n, 4)
    // The holder's last write, mined in block 119, is not looked at again; the nonce counts it.
    expect(await whereTheChainIs(config, holder, 7n)).toEqual({ fromBlock: 121, nonce: 4 })
  })

  it('a busy endpoint: still a place to look from, the block after the one the page has seen, and no nonce', async () => {
    chain.seen = 120n
    chain.head = new Error('429 Too Many Requests')
    expect(await whereTheChainIs(config, holder, 7n)).toEqual({ fromBlock: 121 })
  })

  it('a busy endpoint on a page that has seen no block: from the deployment’s first block', async () => {
    chain.head = new Error('429 Too Many Requests')
    expect(await whereTheChainIs(config, holder, 7n)).toEqual({ fromBlock: 7 })
  })
})
