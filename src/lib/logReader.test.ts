/**
 * The range reader against a real anvil behind the public-endpoint double: a load balancer over a node at the head
 * and one 3 blocks behind it (the proxy's `lag`, which alternates the block-dependent calls between them, starting
 * with the head node), and the caps public endpoints put on `eth_getLogs`.
 */
import {
  type Address,
  createPublicClient,
  createTestClient,
  type Hash,
  http,
  InvalidParamsRpcError,
  publicActions,
  type RpcLog,
  RpcRequestError,
  walletActions,
} from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from '../../scripts/lib/anvil'
import { type FaultOptions, type RpcProxy, withRpcProxy } from '../../testing/rpcProxy'
import { ANVIL_ACCOUNTS } from '../config/anvil'
import { isEndpointFailure } from './errors'
import { isMissingBlock, isUnreachableOrBusy, type LogFilter, readLogs } from './logReader'

const [SENDER] = ANVIL_ACCOUNTS
const TOPIC: Hash = `0x${'a1'.repeat(32)}`
/** Code that logs TOPIC on any call: PUSH32 TOPIC PUSH0 PUSH0 LOG1 STOP. */
const EMITTER: Address = '0x00000000000000000000000000000000000e2222'
const FILTER: LogFilter = { address: EMITTER, topics: [TOPIC] }
/** How far behind the head the proxy's second node is. */
const LAG = 3n

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
  await chain.setCode({ address: EMITTER, bytecode: `0x7f${TOPIC.slice(2)}5f5fa100` })
  // The lagging node's head is then above block 0 in every test.
  await chain.mine({ blocks: 10 })
})
afterAll(() => anvil?.stop())

/** Logs TOPIC in a block of its own (anvil mines each transaction as it comes); returns that block. */
async function emit(): Promise<bigint> {
  const hash = await chain.sendTransaction({ account: SENDER, to: EMITTER })
  return (await chain.waitForTransactionReceipt({ hash, pollingInterval: 10 })).blockNumber
}

/** The block after the head: where a test's own blocks start. */
const nextBlock = async () => (await chain.getBlockNumber()) + 1n

const withProxy = (faults: FaultOptions, run: (proxy: RpcProxy) => Promise<void>) =>
  withRpcProxy({ upstream: anvil.rpcUrl, faults }, run)

/** The portal's reads through the proxy: one endpoint, no retries of its own. */
const clientOf = (proxy: RpcProxy) => createPublicClient({ transport: http(proxy.url, { retryCount: 0 }) })

const blocksOf = (logs: readonly RpcLog[]) => logs.map((log) => BigInt(log.blockNumber ?? -1))

const nodes = (proxy: RpcProxy) => proxy.log.map((entry) => [entry.method, entry.node])

describe('readLogs behind a load balancer with a node behind its peers', () => {
  it("does not count as read a range that ends past the answering node's head, and finds its log once settled", async () => {
    const from = await nextBlock()
    await chain.mine({ blocks: 5 })
    const head = await emit()
    expect(head).toBe(from + 5n)
    await withProxy({ lag: { blocks: Number(LAG) } }, async (proxy) => {
      const client = clientOf(proxy)
      // eth_blockNumber goes to the head node, eth_getLogs to the lagging one: it answers up to head - 3, no error.
      const first = await readLogs(client, FILTER, { from, maxRange: 10_000n, settleBlocks: LAG })
      expect(first).toEqual({ logs: [], head, readTo: head - LAG })
      expect(nodes(proxy)).toEqual([
        ['eth_blockNumber', 'head'],
        ['eth_getLogs', 'lagging'],
      ])

      // Counted as read up to the head, the same answer would have lost the log for good.
      const unsettled = await readLogs(client, FILTER, { from, maxRange: 10_000n, settleBlocks: 0n })
      expect(unsettled).toEqual({ logs: [], head, readTo: head })
      expect(nodes(proxy).slice(2)).toEqual([
        ['eth_blockNumber', 'head'],
        ['eth_getLogs', 'lagging'],
      ])

      // Three blocks on, the lagging node has the log's block: read from where the first reading stopped, it is found.
      await chain.mine({ blocks: Number(LAG) })
      const again = await readLogs(client, FILTER, { from: first.readTo + 1n, maxRange: 10_000n, settleBlocks: LAG })
      expect(blocksOf(again.logs)).toEqual([head])
      expect([again.head, again.readTo]).toEqual([head + LAG, head])
      expect(nodes(proxy).slice(4)).toEqual([
        ['eth_blockNumber', 'head'],
        ['eth_getLogs', 'lagging'],
      ])
    })
  })

  it("stops without failing where a node refuses a range past its head, and counts only what was read before (pastHead: 'refuse')", async () => {
    const from = await nextBlock()
    expect(await emit()).toBe(from)
    await chain.mine({ blocks: 8 })
    const head = await emit()
    expect(head).toBe(from + 9n)
    await withProxy({ lag: { blocks: Number(LAG), pastHead: 'refuse' } }, async (proxy) => {
      const client = clientOf(proxy)
      // Ranges of 4: [from, +3] on the lagging node, [+4, +7] on the head node, [+8, +9] on the lagging node, which
      // refuses it (its head is +6). A node that refuses never answers short: no block needs settling here.
      const read = await readLogs(client, FILTER, { from, maxRange: 4n, settleBlocks: 0n })
      expect({ ...read, logs: blocksOf(read.logs) }).toEqual({ logs: [from], head, readTo: from + 7n })
      expect(nodes(proxy)).toEqual([
        ['eth_blockNumber', 'head'],
        ['eth_getLogs', 'lagging'],
        ['eth_getLogs', 'head'],
        ['eth_getLogs', 'lagging'],
      ])

      // One block at a time: the refusal of a single block, past the lagging node's head, ends the reading too.
      proxy.setFaults({ lag: { blocks: Number(LAG), pastHead: 'refuse' } })
      const single = await readLogs(client, FILTER, { from: head - 4n, maxRange: 1n, settleBlocks: 0n })
      expect({ ...single, logs: blocksOf(single.logs) }).toEqual({ logs: [], head, readTo: head - 3n })
    })
  })
})

describe('readLogs up to a block already settled', () => {
  it('reads exactly to `to` without asking the head, from whichever node answers, so two readings cover the same blocks', async () => {
    const from = await nextBlock()
    const first = await emit()
    await chain.mine({ blocks: 2 })
    const second = await emit()
    await chain.mine({ blocks: Number(LAG) + 2 })
    await withProxy({ lag: { blocks: Number(LAG) } }, async (proxy) => {
      const client = clientOf(proxy)
      // `second` is settled: the lagging node, 3 behind the head, has it. Read to the block before it, then to it.
      const before = await readLogs(client, FILTER, { from, to: second - 1n, maxRange: 2n, settleBlocks: LAG })
      expect({ ...before, logs: blocksOf(before.logs) }).toEqual({
        logs: [first],
        head: second - 1n + LAG,
        readTo: second - 1n,
      })
      const upTo = await readLogs(client, FILTER, { from: second, to: second, maxRange: 2n, settleBlocks: LAG })
      expect({ ...upTo, logs: blocksOf(upTo.logs) }).toEqual({ logs: [second], head: second + LAG, readTo: second })
      expect(proxy.log.map((entry) => entry.method)).toEqual(['eth_getLogs', 'eth_getLogs', 'eth_getLogs'])
    })
  })
})

describe('readLogs against the caps of public endpoints', () => {
  it('narrows a range refused for its results until each passes, and returns every log', async () => {
    // Two logs in one block, one in the next, an empty block, one more.
    await chain.setAutomine(false)
    await chain.sendTransaction({ account: SENDER, to: EMITTER })
    await chain.sendTransaction({ account: SENDER, to: EMITTER })
    await chain.mine({ blocks: 1 })
    await chain.setAutomine(true)
    const twice = await chain.getBlockNumber()
    const once = await emit()
    await chain.mine({ blocks: 1 })
    const last = await emit()
    // The node's own answer, unbroken: what the narrowed ranges must add up to.
    const all = await createPublicClient({ transport: http(anvil.rpcUrl) }).request({
      method: 'eth_getLogs',
      params: [{ ...FILTER, fromBlock: `0x${twice.toString(16)}`, toBlock: `0x${last.toString(16)}` }],
    })
    expect(blocksOf(all)).toEqual([twice, twice, once, last])

    await withProxy({ getLogsMaxResults: 2 }, async (proxy) => {
      const read = await readLogs(clientOf(proxy), FILTER, { from: twice, maxRange: 8n, settleBlocks: 0n })
      expect(read).toEqual({ logs: all, head: last, readTo: last })
      // [twice, last] (4 logs) and [twice, once] (3) are refused; [twice], [once, once + 1] and [last] pass.
      const getLogs = proxy.log.filter((entry) => entry.method === 'eth_getLogs')
      expect(getLogs.map((entry) => entry.refused?.code)).toEqual([-32005, -32005, undefined, undefined, undefined])
    })
  })

  it("reads in ranges an endpoint's cap on blocks accepts (Avalanche's wording)", async () => {
    const from = await nextBlock()
    expect(await emit()).toBe(from)
    await chain.mine({ blocks: 19 })
    expect(await emit()).toBe(from + 20n)
    await chain.mine({ blocks: 19 })
    const head = await emit()
    expect(head).toBe(from + 40n)
    await withProxy({ getLogsMaxRange: 16 }, async (proxy) => {
      const read = await readLogs(clientOf(proxy), FILTER, { from, maxRange: 2_048n, settleBlocks: 0n })
      expect({ ...read, logs: blocksOf(read.logs) }).toEqual({ logs: [from, from + 20n, head], head, readTo: head })
      const getLogs = proxy.log.filter((entry) => entry.method === 'eth_getLogs')
      const refused = (start: bigint, end: bigint) =>
        `requested too many blocks from ${start} to ${end}, maximum is set to 16`
      // The 41 blocks asked (2,048 clipped at the head) are halved from what was asked: 20 refused, 10 pass; each
      // success doubles back to 20, refused and halved again; the last 11 blocks pass.
      expect(getLogs.map((entry) => entry.refused?.message)).toEqual([
        refused(from, head),
        refused(from, from + 19n),
        undefined,
        refused(from + 10n, from + 29n),
        undefined,
        refused(from + 20n, from + 39n),
        undefined,
        undefined,
      ])
    })
  })

  it('ends the reading with its error when the endpoint is busy (HTTP 429): no narrower range is tried', async () => {
    const from = await nextBlock()
    await emit()
    // One request a second: eth_blockNumber passes, eth_getLogs is answered 429.
    await withProxy({ rateLimit: { perSecond: 1 } }, async (proxy) => {
      const failure = await readLogs(clientOf(proxy), FILTER, { from, maxRange: 8n, settleBlocks: 0n }).catch(
        (error: unknown) => error,
      )
      expect(failure).toBeInstanceOf(Error)
      expect(isEndpointFailure(failure)).toBe(true)
      expect(isUnreachableOrBusy(failure)).toBe(true)
      expect(proxy.requests.map((request) => [request.status, request.methods])).toEqual([
        [200, ['eth_blockNumber']],
        [429, ['eth_getLogs']],
      ])
    })
  })
})

describe('isMissingBlock', () => {
  const nodeError = (message: string) =>
    new InvalidParamsRpcError(
      new RpcRequestError({ body: { method: 'eth_getLogs' }, error: { code: -32602, message }, url: 'http://node' }),
    )

  it.each([
    'header not found',
    'unknown block',
    'block range extends beyond current head block',
    'BlockOutOfRangeError: block height is 12 but requested was 15',
    'missing trie node 4b8f… (path ) state 0x… is not available',
  ])('"%s": the node does not have the block yet', (message) => {
    expect(isMissingBlock(nodeError(message))).toBe(true)
    expect(isUnreachableOrBusy(nodeError(message))).toBe(false)
  })

  it('is false for a refusal by size and for a revert', () => {
    expect(isMissingBlock(nodeError('requested too many blocks from 0 to 5000, maximum is set to 2048'))).toBe(false)
    expect(isMissingBlock(nodeError('execution reverted'))).toBe(false)
  })
})
