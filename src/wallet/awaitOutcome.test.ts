/**
 * The write pipeline's waiting half against a real anvil node: mined, reverted, sped up, cancelled, replaced while
 * the portal was closed on a node without nonce lookups, and an unreachable node.
 */
import {
  type Address,
  createTestClient,
  custom,
  type Hash,
  hexToBigInt,
  http,
  numberToHex,
  parseAbi,
  parseEther,
  parseGwei,
  publicActions,
  walletActions,
} from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Anvil, freePort, startAnvil } from '../../scripts/lib/anvil'
import { type RpcProxy, startRpcProxy } from '../../testing/rpcProxy'
import { createSafe, deploySafeSingletons, SafeService } from '../../testing/safe'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from '../config/anvil'
import {
  awaitBatchOutcome,
  awaitOutcome,
  awaitSafeOutcome,
  type BatchStatus,
  findRequestedTransaction,
  type LogScope,
} from './awaitOutcome'
import type { PendingTransaction, SafeProgress } from './pendingTransaction'
import type { SafeTransactionDetails } from './safeApp'

const [, HOLDER, OTHER, THIRD] = ANVIL_ACCOUNTS
const [, HOLDER_KEY, OTHER_KEY, THIRD_KEY] = ANVIL_PRIVATE_KEYS
/** One node, always at its head: every block it reports is read at once. */
const ONE_NODE: LogScope = { maxRange: 10_000n, settleBlocks: 0n, firstBlock: 0n }
/** A public endpoint's scope: its last 4 blocks are read again until every node behind the balancer has them. */
const BALANCED: LogScope = { maxRange: 10_000n, settleBlocks: 4n, firstBlock: 0n }
/** How long a test waits for a follow-up to have polled a few times. */
const POLLED = { timeout: 5_000, interval: 20 }
const SAFE_NONCE_ABI = parseAbi(['function nonce() view returns (uint256)'])
/** Code that reverts on any call: PUSH0 PUSH0 REVERT. */
const REVERTER: Address = '0x000000000000000000000000000000000000bEEF'

let anvil: Anvil
let chain: ReturnType<typeof clientFor>

function clientFor(transport: ReturnType<typeof http> | ReturnType<typeof custom>) {
  return createTestClient({ mode: 'anvil', chain: foundry, transport, pollingInterval: 50 })
    .extend(publicActions)
    .extend(walletActions)
}

beforeAll(async () => {
  anvil = await startAnvil()
  chain = clientFor(http(anvil.rpcUrl))
  await chain.setCode({ address: REVERTER, bytecode: '0x5f5ffd' })
})
afterAll(() => anvil?.stop())
beforeEach(async () => {
  await chain.setAutomine(true)
})

/**
 * `run` with the public endpoint's double in front of the node: a load balancer over the node at the head and one 3
 * blocks behind it, alternating the block-dependent calls between them (the head node first).
 */
async function behindBalancer(run: (client: ReturnType<typeof clientFor>, proxy: RpcProxy) => Promise<void>) {
  const proxy = await startRpcProxy({ upstream: anvil.rpcUrl, faults: { lag: { blocks: 3 } } })
  try {
    await run(clientFor(http(proxy.url, { retryCount: 0 })), proxy)
  } finally {
    await proxy.stop()
  }
}

/**
 * The node caught as anvil is between executing block `mined` and storing it: its head is still the block before and no
 * log of `mined` is served, yet state read at that head already holds `mined`'s effects. The first such read ends it:
 * from then on, the node as it is.
 */
function midMining(mined: bigint) {
  const head = numberToHex(mined - 1n)
  let open = true
  const node = chain.request as (args: { method: string; params?: unknown }) => Promise<unknown>
  const transport = custom({
    async request({ method, params }: { method: string; params?: unknown[] }) {
      if (open && method === 'eth_blockNumber') return head
      if (open && method === 'eth_getLogs') {
        const [filter] = params as [{ fromBlock: Hash; toBlock: Hash }]
        if (hexToBigInt(filter.fromBlock) >= mined) return []
        const toBlock = hexToBigInt(filter.toBlock) < mined ? filter.toBlock : head
        return node({ method, params: [{ ...filter, toBlock }] })
      }
      if (open && (method === 'eth_call' || method === 'eth_getTransactionCount') && params?.[1] === head) {
        open = false
        return node({ method, params: [params[0], 'latest'] })
      }
      return node({ method, params })
    },
  })
  return { client: clientFor(transport), caught: () => !open }
}

/** `promise`, and whether it has settled yet. */
function watched<T>(promise: Promise<T>) {
  let settled = false
  const done = promise.finally(() => {
    settled = true
  })
  return { done, settled: () => settled }
}

/** What the portal stores when it sends a write: the hash, and the sender's nonce and call once the node knows it. */
async function recordOf(hash: Hash): Promise<PendingTransaction> {
  const sent = await chain.getTransaction({ hash })
  return {
    hash,
    action: 'test',
    description: 'test',
    account: sent.from,
    chainId: foundry.id,
    nonce: sent.nonce,
    to: sent.to ?? undefined,
    input: sent.input,
  }
}

/** Sends a transfer that stays pending (mining is off), and replaces it with the same nonce at higher fees. */
async function replacePending(replacement: 'repriced' | 'cancelled') {
  await chain.setAutomine(false)
  const fees = { maxFeePerGas: parseGwei('20'), maxPriorityFeePerGas: parseGwei('1') }
  const original = await chain.sendTransaction({ account: HOLDER, to: OTHER, value: parseEther('1'), ...fees })
  const record = await recordOf(original)
  const call =
    replacement === 'repriced' ? { to: OTHER, value: parseEther('1') } : { to: HOLDER, value: 0n, data: '0x' as const }
  const replaced = await chain.sendTransaction({
    account: HOLDER,
    nonce: record.nonce,
    maxFeePerGas: parseGwei('40'),
    maxPriorityFeePerGas: parseGwei('2'),
    ...call,
  })
  return { record, replaced }
}

describe('awaitOutcome', () => {
  it('is a success with the receipt once the write is mined', async () => {
    const hash = await chain.sendTransaction({ account: HOLDER, to: OTHER, value: parseEther('1') })
    const outcome = await awaitOutcome(chain, await recordOf(hash))
    expect(outcome.status).toBe('success')
    expect('receipt' in outcome && outcome.receipt.transactionHash).toBe(hash)
  })

  it('is reverted for a write mined with a failing call', async () => {
    const hash = await chain.sendTransaction({ account: HOLDER, to: REVERTER, data: '0x01', gas: 100_000n })
    const outcome = await awaitOutcome(chain, await recordOf(hash))
    expect(outcome.status).toBe('reverted')
    expect('receipt' in outcome && outcome.receipt.status).toBe('reverted')
  })

  it.each([
    ['a success for a repriced replacement (a speed-up)', 'repriced', 'success'],
    ['cancelled for a replacement that sends nothing to the sender itself', 'cancelled', 'cancelled'],
  ] as const)('is %s, with its receipt', async (_, replacement, status) => {
    const { record, replaced } = await replacePending(replacement)
    const waiting = awaitOutcome(chain, record)
    await chain.mine({ blocks: 1 })
    const outcome = await waiting
    expect(outcome.status).toBe(status)
    expect('receipt' in outcome && outcome.receipt.transactionHash).toBe(replaced)
  })

  it('is replaced when the nonce was used while nobody waited, on a node that cannot look it up', async () => {
    const { record } = await replacePending('repriced')
    await chain.mine({ blocks: 3 })
    // A node without eth_getTransactionBySenderAndNonce: the wait cannot find the replacement mined before it began.
    const upstream = http(anvil.rpcUrl)({ chain: foundry })
    const limited = clientFor(
      custom({
        request: ({ method, params }) => {
          if (method === 'eth_getTransactionBySenderAndNonce') {
            throw Object.assign(new Error(`${method} is not available`), { code: -32601 })
          }
          return upstream.request({ method, params })
        },
      }),
    )
    expect(await awaitOutcome(limited, { ...record, to: undefined, input: undefined }, { timeout: 500 })).toEqual({
      status: 'replaced',
    })
  })

  it('keeps waiting for a write that is not mined yet', async () => {
    await chain.setAutomine(false)
    const hash = await chain.sendTransaction({ account: HOLDER, to: OTHER, value: 1n })
    const record = await recordOf(hash)
    let settled = false
    const waiting = awaitOutcome(chain, record, { timeout: 200 }).finally(() => {
      settled = true
    })
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(settled).toBe(false)
    await chain.mine({ blocks: 1 })
    expect((await waiting).status).toBe('success')
  })

  it.each([
    ['offline', false],
    ['busy', true],
  ] as const)('is %s when the node cannot be reached and the device says online = %s', async (status, onLine) => {
    vi.stubGlobal('navigator', { onLine })
    try {
      const hash = await chain.sendTransaction({ account: HOLDER, to: OTHER, value: 1n })
      const record = await recordOf(hash)
      const unreachable = clientFor(http(`http://127.0.0.1:${await freePort()}`, { retryCount: 0 }))
      // The wait polls through network failures; once it times out, the check of the nonce finds the node gone.
      expect(await awaitOutcome(unreachable, record, { timeout: 300 })).toEqual({ status })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('finds the receipt through a balancer whose other node fell out of sync before the write: a lookup that finds nothing is asked again at once', async () => {
    const hash = await chain.sendTransaction({ account: HOLDER, to: OTHER, value: 1n })
    const record = await recordOf(hash)
    const { blockNumber } = await chain.waitForTransactionReceipt({ hash })
    // No block comes after the write: a wait that looks again only on a new block would wait for ever.
    const proxy = await startRpcProxy({
      upstream: anvil.rpcUrl,
      faults: { lag: { blocks: 0, stuckAt: Number(blockNumber - 1n) } },
    })
    try {
      const balanced = clientFor(http(proxy.url, { retryCount: 0 }))
      // The head node takes the first call: the receipt's lookup goes to the node behind.
      await balanced.getBlockNumber({ cacheTime: 0 })
      const outcome = await awaitOutcome(balanced, record, { timeout: 5_000 })
      expect('receipt' in outcome && outcome.receipt.transactionHash).toBe(hash)
      expect(
        proxy.log.filter((entry) => entry.method === 'eth_getTransactionReceipt').map((entry) => entry.node),
      ).toEqual(['lagging', 'head'])
    } finally {
      await proxy.stop()
    }
  })

  it('is busy when the node answers only 429s', async () => {
    const hash = await chain.sendTransaction({ account: HOLDER, to: OTHER, value: 1n })
    const record = await recordOf(hash)
    const proxy = await startRpcProxy({
      upstream: anvil.rpcUrl,
      faults: { http: { kind: 'status', status: 429, retryAfterSeconds: 1 } },
    })
    try {
      const limited = clientFor(http(proxy.url, { retryCount: 0 }))
      expect(await awaitOutcome(limited, record, { timeout: 300 })).toEqual({ status: 'busy' })
    } finally {
      await proxy.stop()
    }
  })
})

describe('awaitSafeOutcome: the chain decides, Safe{Wallet} informs', () => {
  /** A real 2-of-3 Safe 1.4.1 on the node for each test, and an in-memory transaction service for it. */
  let singletons: Awaited<ReturnType<typeof deploySafeSingletons>>
  let service: SafeService
  let safe: Address
  let saltNonce = 0n
  beforeAll(async () => {
    singletons = await deploySafeSingletons(anvil.rpcUrl)
  })
  beforeEach(async () => {
    saltNonce++
    safe = await createSafe(anvil.rpcUrl, singletons, { owners: [HOLDER, OTHER, THIRD], threshold: 2, saltNonce })
    service = new SafeService({
      rpcUrl: anvil.rpcUrl,
      chainId: foundry.id,
      safe,
      singletons,
      ownerKeys: [HOLDER_KEY, OTHER_KEY, THIRD_KEY],
    })
  })

  /** A Safe transaction proposed and signed by one owner, and the record the portal keeps of it. */
  async function proposal() {
    // Asked afresh: a block number cached from the test before would put an event of that test after the proposal.
    const fromBlock = Number(await chain.getBlockNumber({ cacheTime: 0 })) + 1
    const safeTxHash = await service.propose([{ to: OTHER, value: 0n, data: '0x' }], 0)
    const nonce = Number(service.list().find((stored) => stored.safeTxHash === safeTxHash)?.tx.nonce)
    const record: PendingTransaction = {
      hash: safeTxHash,
      action: 'test',
      description: 'test',
      account: safe,
      chainId: foundry.id,
      safe: { fromBlock },
    }
    return { safeTxHash, nonce, record }
  }

  /** The Gateway's answer as far as the portal reads it. */
  const gateway = (
    txStatus: SafeTransactionDetails['txStatus'],
    nonce: number,
    confirmations: number,
    txHash?: Hash,
  ): SafeTransactionDetails => ({
    txStatus,
    txHash: txHash ?? null,
    detailedExecutionInfo: { type: 'MULTISIG', nonce, confirmationsRequired: 2, confirmationsSubmitted: confirmations },
  })
  const NO_REPLY = 'no reply'
  /** Safe{Wallet}'s answers, one per lookup; the last one repeats. An Error is thrown; NO_REPLY never settles. */
  function scripted(answers: (SafeTransactionDetails | Error | typeof NO_REPLY)[]) {
    let asked = 0
    const lookup = (_hash: Hash) => {
      asked++
      const answer = answers.length > 1 ? answers.shift() : answers[0]
      if (answer === NO_REPLY) return new Promise<SafeTransactionDetails>(() => {})
      if (answer instanceof Error) return Promise.reject(answer)
      if (!answer) return Promise.reject(new Error('no answer'))
      return Promise.resolve(answer)
    }
    return { lookup, asked: () => asked }
  }
  const fast = { pollMs: 20, lookupTimeoutMs: 50, walletPollMs: 0, scope: ONE_NODE }

  it("follows the owners' signatures, then the executing transaction to its receipt", async () => {
    const { safeTxHash, nonce, record } = await proposal()
    await service.confirm(safeTxHash, 1)
    const executed = await service.execute(safeTxHash, 1)
    const { lookup } = scripted([
      gateway('AWAITING_CONFIRMATIONS', nonce, 1),
      gateway('AWAITING_EXECUTION', nonce, 2),
      gateway('SUCCESS', nonce, 2, executed),
    ])
    const progress: SafeProgress[] = []
    const outcome = await awaitSafeOutcome(chain, lookup, record, (step) => progress.push(step), fast)
    expect(outcome.status === 'success' && outcome.receipt.transactionHash).toBe(executed)
    expect(progress).toEqual([
      { fromBlock: record.safe?.fromBlock, confirmations: 1, threshold: 2, nonce },
      { fromBlock: record.safe?.fromBlock, confirmations: 2, threshold: 2, nonce },
      { fromBlock: record.safe?.fromBlock, confirmations: 2, threshold: 2, nonce, txHash: executed },
    ])
  })

  it("[AWAITING_EXECUTION, CANCELLED, SUCCESS] against a chain that executed it: settled from the Safe's log at the CANCELLED", async () => {
    const { safeTxHash, nonce, record } = await proposal()
    await service.confirm(safeTxHash, 1)
    const executed = await service.execute(safeTxHash, 1, { indexed: false })
    const { lookup, asked } = scripted([
      gateway('AWAITING_EXECUTION', nonce, 2),
      gateway('CANCELLED', nonce, 2),
      gateway('SUCCESS', nonce, 2, executed),
    ])
    const progress: SafeProgress[] = []
    const outcome = await awaitSafeOutcome(chain, lookup, record, (step) => progress.push(step), fast)
    expect(outcome.status).toBe('success')
    expect(outcome.status === 'success' && outcome.receipt.transactionHash).toBe(executed)
    expect(asked()).toBe(2)
    expect(progress.at(-1)).toEqual({
      fromBlock: record.safe?.fromBlock,
      confirmations: 2,
      threshold: 2,
      nonce,
      txHash: executed,
    })
  })

  it("'Request failed' for ever after the first lookup (the proposal was deleted): the chain's execution settles it", async () => {
    const { safeTxHash, nonce, record } = await proposal()
    const { lookup, asked } = scripted([gateway('AWAITING_CONFIRMATIONS', nonce, 1), new Error('Request failed')])
    const waited = awaitSafeOutcome(chain, lookup, record, () => undefined, fast)
    await vi.waitFor(() => expect(asked()).toBeGreaterThan(3))
    await service.confirm(safeTxHash, 2)
    const executed = await service.execute(safeTxHash, 2)
    const outcome = await waited
    expect(outcome.status === 'success' && outcome.receipt.transactionHash).toBe(executed)
  })

  it("'Request failed' for ever, and another transaction took the Safe's nonce: superseded, from the nonce kept from the first lookup", async () => {
    const { nonce, record } = await proposal()
    const { lookup, asked } = scripted([gateway('AWAITING_CONFIRMATIONS', nonce, 1), new Error('Request failed')])
    const waited = awaitSafeOutcome(chain, lookup, record, () => undefined, fast)
    await vi.waitFor(() => expect(asked()).toBeGreaterThan(3))
    const other = await service.propose([{ to: THIRD, value: 0n, data: '0x' }], 1, { nonce })
    await service.confirm(other, 2)
    await service.execute(other, 2)
    expect(await waited).toEqual({ status: 'superseded' })
  })

  it('a Gateway that never replies: every lookup times out, and the chain settles it', async () => {
    const { safeTxHash, record } = await proposal()
    const { lookup, asked } = scripted([NO_REPLY])
    const waited = awaitSafeOutcome(chain, lookup, record, () => undefined, fast)
    await vi.waitFor(() => expect(asked()).toBeGreaterThan(2))
    await service.confirm(safeTxHash, 1)
    const executed = await service.execute(safeTxHash, 1)
    const outcome = await waited
    expect(outcome.status === 'success' && outcome.receipt.transactionHash).toBe(executed)
  })

  it('CANCELLED, and the chain agrees (another transaction at its nonce): superseded', async () => {
    const { nonce, record } = await proposal()
    const rejection = await service.propose([{ to: safe, value: 0n, data: '0x' }], 1, { nonce })
    await service.confirm(rejection, 2)
    await service.execute(rejection, 2)
    const { lookup } = scripted([gateway('CANCELLED', nonce, 1)])
    expect(await awaitSafeOutcome(chain, lookup, record, () => undefined, fast)).toEqual({ status: 'superseded' })
  })

  it('CANCELLED while the chain has not moved past its nonce yet: keeps waiting, then settles on the execution', async () => {
    const { safeTxHash, nonce, record } = await proposal()
    const { lookup, asked } = scripted([gateway('CANCELLED', nonce, 1)])
    const waited = awaitSafeOutcome(chain, lookup, record, () => undefined, fast)
    await vi.waitFor(() => expect(asked()).toBeGreaterThan(3))
    await service.confirm(safeTxHash, 1)
    const executed = await service.execute(safeTxHash, 1)
    const outcome = await waited
    expect(outcome.status === 'success' && outcome.receipt.transactionHash).toBe(executed)
  })

  it('CANCELLED, and executed in the last blocks: a success through a node behind its peers, never superseded', async () => {
    const { safeTxHash, nonce, record } = await proposal()
    // Blocks pass before the execution: the Safe's nonce is then read at settled blocks from before it.
    await chain.mine({ blocks: 6 })
    await service.confirm(safeTxHash, 1)
    const executed = await service.execute(safeTxHash, 1, { indexed: false })
    const mined = await chain.getTransactionReceipt({ hash: executed })
    // At the head, the Safe's nonce has already passed the transaction's, while the lagging node lacks its execution.
    expect(await chain.readContract({ address: safe, abi: SAFE_NONCE_ABI, functionName: 'nonce' })).toBe(
      BigInt(nonce) + 1n,
    )
    await behindBalancer(async (client, proxy) => {
      const { lookup, asked } = scripted([gateway('CANCELLED', nonce, 2)])
      const progress: SafeProgress[] = []
      const waited = watched(
        awaitSafeOutcome(client, lookup, record, (step) => progress.push(step), { ...fast, scope: BALANCED }),
      )
      await vi.waitFor(() => expect(asked()).toBeGreaterThan(5), POLLED)
      expect(waited.settled()).toBe(false)
      // The Safe's nonce was read meanwhile, at settled blocks: from before the execution, so not past the transaction's.
      expect(proxy.log.filter((entry) => entry.method === 'eth_call').length).toBeGreaterThan(2)
      // The chain moves on: the lagging node gets the execution's block.
      await chain.mine({ blocks: 4 })
      const outcome = await waited.done
      expect(outcome).toMatchObject({
        status: 'success',
        receipt: { transactionHash: executed, blockNumber: mined.blockNumber, status: 'success' },
      })
      expect(progress.at(-1)).toEqual({
        fromBlock: record.safe?.fromBlock,
        confirmations: 2,
        threshold: 2,
        nonce,
        txHash: executed,
      })
    })
  })

  it('CANCELLED, and another transaction took its nonce in the last blocks: superseded once those are settled', async () => {
    const { nonce, record } = await proposal()
    const rejection = await service.propose([{ to: safe, value: 0n, data: '0x' }], 1, { nonce })
    await service.confirm(rejection, 2)
    await service.execute(rejection, 2)
    await behindBalancer(async (client) => {
      const { lookup, asked } = scripted([gateway('CANCELLED', nonce, 1)])
      const waited = watched(awaitSafeOutcome(client, lookup, record, () => undefined, { ...fast, scope: BALANCED }))
      // Until the other execution's block is settled, its log may yet be this one's: no conclusion.
      await vi.waitFor(() => expect(asked()).toBeGreaterThan(5), POLLED)
      expect(waited.settled()).toBe(false)
      await chain.mine({ blocks: 4 })
      expect(await waited.done).toEqual({ status: 'superseded' })
    })
  })

  it('is reverted when the execution logged ExecutionFailure', async () => {
    // Asked afresh: a block number cached from the test before would put an event of that test after the proposal.
    const fromBlock = Number(await chain.getBlockNumber({ cacheTime: 0 })) + 1
    // A call that reverts, with safeTxGas set so that the execution itself is mined and logs the failure.
    const failing = await service.propose([{ to: REVERTER, value: 0n, data: '0x01' }], 0, { safeTxGas: 100_000 })
    await service.confirm(failing, 1)
    const executed = await service.execute(failing, 1)
    const nonce = Number(service.list().find((stored) => stored.safeTxHash === failing)?.tx.nonce)
    const { lookup } = scripted([new Error('Request failed')])
    const record: PendingTransaction = {
      hash: failing,
      action: 'test',
      description: 'test',
      account: safe,
      chainId: foundry.id,
      safe: { fromBlock, nonce },
    }
    const outcome = await awaitSafeOutcome(chain, lookup, record, () => undefined, fast)
    expect(outcome.status === 'reverted' && outcome.receipt.transactionHash).toBe(executed)
  })

  it('executed in one chain transaction beside a queued transaction that failed: its own ExecutionSuccess decides', async () => {
    const { safeTxHash, nonce, record } = await proposal()
    // The next one in the queue calls code that reverts, with safeTxGas set: it logs ExecutionFailure, nothing reverts.
    const failing = await service.propose([{ to: REVERTER, value: 0n, data: '0x01' }], 0, { safeTxGas: 100_000 })
    await service.confirm(safeTxHash, 1)
    await service.confirm(failing, 1)
    const executed = await service.executeTogether([safeTxHash, failing], 2)
    expect((await service.details(failing)).txStatus).toBe('FAILED')
    expect((await service.details(safeTxHash)).txStatus).toBe('SUCCESS')
    const { lookup } = scripted([gateway('SUCCESS', nonce, 2, executed)])
    const outcome = await awaitSafeOutcome(chain, lookup, record, () => undefined, fast)
    expect(outcome).toMatchObject({ status: 'success', receipt: { transactionHash: executed } })
    // Found from the chain alone (Safe{Wallet} failing), the same.
    const fromChain = await awaitSafeOutcome(
      chain,
      scripted([new Error('Request failed')]).lookup,
      record,
      () => {},
      fast,
    )
    expect(fromChain).toMatchObject({ status: 'success', receipt: { transactionHash: executed } })
  })

  it('the failing one of two executed together is reverted, though its neighbour succeeded', async () => {
    const ours = await proposal()
    const fromBlock = ours.record.safe?.fromBlock
    const failing = await service.propose([{ to: REVERTER, value: 0n, data: '0x01' }], 0, { safeTxGas: 100_000 })
    await service.confirm(ours.safeTxHash, 1)
    await service.confirm(failing, 1)
    const executed = await service.executeTogether([ours.safeTxHash, failing], 2)
    const record: PendingTransaction = { ...ours.record, hash: failing, safe: { fromBlock } }
    const { lookup } = scripted([gateway('FAILED', ours.nonce + 1, 2, executed)])
    const outcome = await awaitSafeOutcome(chain, lookup, record, () => undefined, fast)
    expect(outcome).toMatchObject({ status: 'reverted', receipt: { transactionHash: executed, status: 'success' } })
  })

  it("Safe{Wallet} naming a chain transaction that executed another Safe transaction: not ours, the Safe's log decides", async () => {
    const other = await proposal()
    const ours = await proposal()
    await service.confirm(other.safeTxHash, 1)
    await service.confirm(ours.safeTxHash, 1)
    const another = await service.execute(other.safeTxHash, 1)
    const { lookup, asked } = scripted([gateway('SUCCESS', ours.nonce, 2, another)])
    const waited = watched(awaitSafeOutcome(chain, lookup, ours.record, () => undefined, fast))
    await vi.waitFor(() => expect(asked()).toBeGreaterThan(3), POLLED)
    expect(waited.settled()).toBe(false)
    const executed = await service.execute(ours.safeTxHash, 1)
    expect(await waited.done).toMatchObject({ status: 'success', receipt: { transactionHash: executed } })
  })

  it("read at a node's head that already holds the execution it has not stored: never superseded on one reading", async () => {
    const { safeTxHash, nonce, record } = await proposal()
    // A block passes before the execution: the node's head is then the proposal's block, read for its log.
    await chain.mine({ blocks: 1 })
    await service.confirm(safeTxHash, 1)
    const executed = await service.execute(safeTxHash, 1)
    const { blockNumber } = await chain.waitForTransactionReceipt({ hash: executed })
    const { client, caught } = midMining(blockNumber)
    const { lookup } = scripted([gateway('CANCELLED', nonce, 2)])
    const outcome = await awaitSafeOutcome(client, lookup, record, () => undefined, fast)
    // The Safe's nonce was read past the transaction's at a head whose logs lacked the execution.
    expect(caught()).toBe(true)
    expect(outcome).toMatchObject({ status: 'success', receipt: { transactionHash: executed } })
  })

  describe("superseded only when the Safe's log, its nonce and the holder's event agree at one block", () => {
    /**
     * The holder's write: code that logs topic [WRITTEN] on any call (PUSH32 t0 PUSH0 PUSH0 LOG1 STOP), at an address
     * of each test's own, so that no other test's event is ever this one's.
     */
    let WRITE: Address
    const WRITTEN: Hash = `0x${'a1'.repeat(32)}`
    beforeEach(async () => {
      WRITE = `0x${(0xa11e0000n + saltNonce).toString(16).padStart(40, '0')}`
      await chain.setCode({ address: WRITE, bytecode: `0x7f${WRITTEN.slice(2)}5f5fa100` })
    })
    /** A proposal of the holder's write, with the event it emits. */
    async function tracedProposal() {
      // Asked afresh: a block number cached from the test before would put an event of that test after the proposal.
      const fromBlock = Number(await chain.getBlockNumber({ cacheTime: 0 })) + 1
      const safeTxHash = await service.propose([{ to: WRITE, value: 0n, data: '0x' }], 0)
      const nonce = Number(service.list().find((stored) => stored.safeTxHash === safeTxHash)?.tx.nonce)
      const record: PendingTransaction = {
        hash: safeTxHash,
        action: 'test',
        description: 'test',
        account: safe,
        chainId: foundry.id,
        safe: { fromBlock, nonce },
        trace: { address: WRITE, topics: [WRITTEN] },
      }
      return { safeTxHash, nonce, record }
    }

    it('the owners ran the same write in another Safe transaction at its nonce: a success with that receipt', async () => {
      const { nonce, record } = await tracedProposal()
      const again = await service.propose([{ to: WRITE, value: 0n, data: '0x' }], 1, { nonce, safeTxGas: 1 })
      await service.confirm(again, 2)
      const executed = await service.execute(again, 2)
      const { lookup } = scripted([gateway('CANCELLED', nonce, 1)])
      const outcome = await awaitSafeOutcome(chain, lookup, record, () => undefined, fast)
      expect(outcome).toMatchObject({ status: 'success', receipt: { transactionHash: executed } })
    })

    it("another transaction at its nonce, then the holder's event in a block not yet settled: a success, never superseded", async () => {
      const { nonce, record } = await tracedProposal()
      const rejection = await service.propose([{ to: safe, value: 0n, data: '0x' }], 1, { nonce })
      await service.confirm(rejection, 2)
      await service.execute(rejection, 2)
      await chain.mine({ blocks: 3 })
      // Four blocks after the rejection: the rejection's block is settled, the write's is not.
      const written = await chain.sendTransaction({ account: THIRD, to: WRITE, gas: 100_000n })
      const { lookup } = scripted([gateway('CANCELLED', nonce, 1)])
      const scope = { ...ONE_NODE, settleBlocks: 4n }
      const progress: SafeProgress[] = []
      const outcome = await awaitSafeOutcome(chain, lookup, record, (next) => progress.push(next), { ...fast, scope })
      expect(outcome).toMatchObject({ status: 'success', receipt: { transactionHash: written } })
      // The transaction that wrote is named, as an execution found in the Safe's log is.
      expect(progress.at(-1)?.txHash).toBe(written)
    })

    it("another transaction at its nonce, and the holder's event only past the settled block: waits, never superseded", async () => {
      const { nonce, record } = await tracedProposal()
      const rejection = await service.propose([{ to: safe, value: 0n, data: '0x' }], 1, { nonce })
      await service.confirm(rejection, 2)
      await service.execute(rejection, 2)
      await behindBalancer(async (client) => {
        const { lookup, asked } = scripted([gateway('CANCELLED', nonce, 1)])
        const waited = watched(awaitSafeOutcome(client, lookup, record, () => undefined, { ...fast, scope: BALANCED }))
        await vi.waitFor(() => expect(asked()).toBeGreaterThan(5), POLLED)
        expect(waited.settled()).toBe(false)
        // The holder's write lands from elsewhere before the rejection's block is settled: it decides.
        const written = await chain.sendTransaction({ account: THIRD, to: WRITE, gas: 100_000n })
        await chain.mine({ blocks: 5 })
        expect(await waited.done).toMatchObject({ status: 'success', receipt: { transactionHash: written } })
      })
    })

    describe('a Safe that answered over a wallet connection: no Safe{Wallet} to ask, the chain alone tells', () => {
      it('executed blocks later: a success with the execution, through a node behind its peers', async () => {
        const { safeTxHash, record } = await tracedProposal()
        await behindBalancer(async (client) => {
          const waited = watched(
            awaitSafeOutcome(client, undefined, record, () => undefined, { ...fast, scope: BALANCED }),
          )
          await chain.mine({ blocks: 40 })
          expect(waited.settled()).toBe(false)
          await service.confirm(safeTxHash, 1)
          const executed = await service.execute(safeTxHash, 1)
          await chain.mine({ blocks: 5 })
          expect(await waited.done).toMatchObject({ status: 'success', receipt: { transactionHash: executed } })
        })
      })

      it('another transaction at its nonce and no event of the write: superseded', async () => {
        const { nonce, record } = await tracedProposal()
        const rejection = await service.propose([{ to: safe, value: 0n, data: '0x' }], 1, { nonce })
        await service.confirm(rejection, 2)
        await service.execute(rejection, 2)
        expect(await awaitSafeOutcome(chain, undefined, record, () => undefined, fast)).toEqual({
          status: 'superseded',
        })
      })

      describe('a batch, whose wallet may name the executing transaction (wallet_getCallsStatus)', () => {
        it("settled from the wallet's answer while the Safe's log has not been read that far", async () => {
          const { safeTxHash, record } = await tracedProposal()
          // The log is read only from a block the chain has not reached: the wallet alone can tell.
          const ahead = { ...record, safe: { ...record.safe, fromBlock: Number(await chain.getBlockNumber()) + 1_000 } }
          let named: Hash | undefined
          const waited = watched(
            awaitSafeOutcome(chain, undefined, ahead, () => undefined, {
              ...fast,
              walletExecution: async () => named,
            }),
          )
          await service.confirm(safeTxHash, 1)
          const executed = await service.execute(safeTxHash, 1)
          await new Promise((resolve) => setTimeout(resolve, 200))
          expect(waited.settled()).toBe(false)
          named = executed
          expect(await waited.done).toMatchObject({ status: 'success', receipt: { transactionHash: executed } })
        })

        it('a transaction that does not execute it decides nothing; the chain settles it', async () => {
          const { safeTxHash, record } = await tracedProposal()
          const unrelated = await chain.sendTransaction({ account: HOLDER, to: OTHER, value: 1n })
          await chain.waitForTransactionReceipt({ hash: unrelated })
          const progress: SafeProgress[] = []
          const waited = watched(
            awaitSafeOutcome(chain, undefined, record, (next) => progress.push(next), {
              ...fast,
              walletExecution: async () => unrelated,
            }),
          )
          await new Promise((resolve) => setTimeout(resolve, 200))
          expect(waited.settled()).toBe(false)
          await service.confirm(safeTxHash, 1)
          const executed = await service.execute(safeTxHash, 1)
          expect(await waited.done).toMatchObject({ status: 'success', receipt: { transactionHash: executed } })
          expect(progress.at(-1)?.txHash).toBe(executed)
        })

        it('a wallet that does not know yet is asked again only after the wallet interval', async () => {
          const { safeTxHash, record } = await tracedProposal()
          let asked = 0
          const waited = watched(
            awaitSafeOutcome(chain, undefined, record, () => undefined, {
              ...fast,
              walletPollMs: 60_000,
              walletExecution: async () => {
                asked++
                return undefined
              },
            }),
          )
          await chain.mine({ blocks: 5 })
          await new Promise((resolve) => setTimeout(resolve, 300))
          expect(waited.settled()).toBe(false)
          await service.confirm(safeTxHash, 1)
          await service.execute(safeTxHash, 1)
          expect(await waited.done).toMatchObject({ status: 'success' })
          expect(asked).toBe(1)
        })

        it('a wallet that never answers is asked once, and the chain settles it', async () => {
          const { safeTxHash, record } = await tracedProposal()
          let asked = 0
          const waited = watched(
            awaitSafeOutcome(chain, undefined, record, () => undefined, {
              ...fast,
              walletExecution: () => {
                asked++
                return new Promise<Hash | undefined>(() => {})
              },
            }),
          )
          await service.confirm(safeTxHash, 1)
          const executed = await service.execute(safeTxHash, 1)
          expect(await waited.done).toMatchObject({ status: 'success', receipt: { transactionHash: executed } })
          expect(asked).toBe(1)
        })
      })

      it("its nonce unknown: another transaction at the Safe's next nonce never supersedes it; the holder's event settles it", async () => {
        const { nonce, record } = await tracedProposal()
        const { nonce: _, ...unknown } = record.safe ?? {}
        const rejection = await service.propose([{ to: safe, value: 0n, data: '0x' }], 1, { nonce })
        await service.confirm(rejection, 2)
        await service.execute(rejection, 2)
        const progress: SafeProgress[] = []
        const waited = watched(
          awaitSafeOutcome(chain, undefined, { ...record, safe: unknown }, (next) => progress.push(next), fast),
        )
        await chain.mine({ blocks: 3 })
        await new Promise((resolve) => setTimeout(resolve, 200))
        expect(waited.settled()).toBe(false)
        const again = await service.propose([{ to: WRITE, value: 0n, data: '0x' }], 1, { safeTxGas: 1 })
        await service.confirm(again, 2)
        const executed = await service.execute(again, 2)
        expect(await waited.done).toMatchObject({ status: 'success', receipt: { transactionHash: executed } })
        expect(progress.at(-1)?.txHash).toBe(executed)
      })
    })

    it('another transaction at its nonce and no event of the write: superseded once all three are read to one block', async () => {
      const { nonce, record } = await tracedProposal()
      const rejection = await service.propose([{ to: safe, value: 0n, data: '0x' }], 1, { nonce })
      await service.confirm(rejection, 2)
      await service.execute(rejection, 2)
      const { lookup } = scripted([gateway('CANCELLED', nonce, 1)])
      expect(await awaitSafeOutcome(chain, lookup, record, () => undefined, fast)).toEqual({ status: 'superseded' })
    })
  })

  it('Safe{Wallet} failing the lookup three times in a row: no longer listed, asked ever more slowly, and still recognised when executed', async () => {
    const { safeTxHash, nonce, record } = await proposal()
    const times: number[] = []
    const { lookup } = scripted([gateway('AWAITING_CONFIRMATIONS', nonce, 1), new Error('Request failed')])
    const timed = (hash: Hash) => {
      times.push(performance.now())
      return lookup(hash)
    }
    const progress: SafeProgress[] = []
    const waited = awaitSafeOutcome(chain, timed, record, (step) => progress.push(step), {
      ...fast,
      pollMs: 20,
      slowPollMs: 320,
    })
    await vi.waitFor(() => expect(times.length).toBeGreaterThan(7), { timeout: 5_000, interval: 20 })
    expect(progress).toEqual([
      { fromBlock: record.safe?.fromBlock, confirmations: 1, threshold: 2, nonce },
      { fromBlock: record.safe?.fromBlock, confirmations: 1, threshold: 2, nonce, missing: true },
    ])
    // From the third failure on, each wait is twice the one before, up to the slowest.
    const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0))
    expect(gaps.slice(0, 3).every((gap) => gap < 35)).toBe(true)
    expect(gaps[3]).toBeGreaterThanOrEqual(40)
    expect(gaps[4]).toBeGreaterThanOrEqual(80)
    expect(gaps[5]).toBeGreaterThanOrEqual(160)
    expect(gaps[6]).toBeGreaterThanOrEqual(320)
    await service.confirm(safeTxHash, 1)
    const executed = await service.execute(safeTxHash, 1)
    const outcome = await waited
    expect(outcome).toMatchObject({ status: 'success', receipt: { transactionHash: executed } })
  })

  it('listed again after it was missing: the notice goes, and lookups come at the usual pace again', async () => {
    const { safeTxHash, nonce, record } = await proposal()
    let asked = 0
    // Three failures, then the Gateway's real answers.
    const lookup = (hash: Hash) => (++asked <= 3 ? Promise.reject(new Error('Request failed')) : service.details(hash))
    const progress: SafeProgress[] = []
    const waited = awaitSafeOutcome(chain, lookup, record, (step) => progress.push(step), fast)
    await vi.waitFor(() => expect(progress).toHaveLength(2))
    expect(progress[0]).toMatchObject({ missing: true })
    expect(progress[1]).toEqual({ fromBlock: record.safe?.fromBlock, confirmations: 1, threshold: 2, nonce })
    await service.confirm(safeTxHash, 1)
    const executed = await service.execute(safeTxHash, 1)
    expect(await waited).toMatchObject({ status: 'success', receipt: { transactionHash: executed } })
  })

  it('is busy when the network fails', async () => {
    const { record } = await proposal()
    const { lookup } = scripted([new TypeError('Failed to fetch')])
    expect(await awaitSafeOutcome(chain, lookup, record, () => undefined, fast)).toEqual({ status: 'busy' })
  })
})

describe('awaitBatchOutcome', () => {
  /** The wallet's answers, one per lookup; the last one repeats. */
  function scripted(answers: (BatchStatus | Error)[]) {
    let asked = 0
    const lookup = async () => {
      asked++
      const answer = answers.length > 1 ? answers.shift() : answers[0]
      if (answer instanceof Error) throw answer
      if (!answer) throw new Error('no answer')
      return answer
    }
    return { lookup, asked: () => asked }
  }
  const done = (status: 'success' | 'failure', hashes: Hash[]): BatchStatus => ({
    status,
    receipts: hashes.map((transactionHash) => ({ transactionHash })),
  })
  const transfer = () => chain.sendTransaction({ account: HOLDER, to: OTHER, value: parseEther('0.01') })
  const revert = () => chain.sendTransaction({ account: HOLDER, to: REVERTER, gas: 100_000n })

  it('asks until the wallet has finished, then is a success with the last receipt; the mined hashes are told', async () => {
    const [first, second] = [await transfer(), await transfer()]
    const { lookup, asked } = scripted([{ status: 'pending' }, { status: 'pending' }, done('success', [first, second])])
    const executed: Hash[][] = []
    const outcome = await awaitBatchOutcome(chain, lookup, (hashes) => executed.push(hashes), { pollMs: 10 })
    expect(outcome.status).toBe('success')
    expect(outcome.status === 'success' && outcome.receipt.transactionHash).toBe(second)
    expect(executed).toEqual([[first, second]])
    expect(asked()).toBe(3)
  })

  it('is reverted when every mined call reverted, and partial when only some did', async () => {
    const failed = await revert()
    const reverted = await awaitBatchOutcome(chain, scripted([done('failure', [failed])]).lookup, () => undefined)
    expect(reverted.status).toBe('reverted')
    expect(reverted.status === 'reverted' && reverted.receipt.transactionHash).toBe(failed)
    const succeeded = await transfer()
    const partial = await awaitBatchOutcome(
      chain,
      scripted([done('failure', [succeeded, failed])]).lookup,
      () => undefined,
    )
    expect(partial.status).toBe('partial')
    expect(partial.status === 'partial' && partial.receipt.transactionHash).toBe(failed)
    // Sent one by one, the second refused in the wallet: the first went through, so the batch is partial.
    expect(
      (await awaitBatchOutcome(chain, scripted([done('failure', [succeeded])]).lookup, () => undefined)).status,
    ).toBe('partial')
  })

  it('is batchFailed when the wallet failed it before anything was mined, and busy when the network fails', async () => {
    expect(await awaitBatchOutcome(chain, scripted([done('failure', [])]).lookup, () => undefined)).toEqual({
      status: 'batchFailed',
    })
    expect(
      await awaitBatchOutcome(chain, scripted([new TypeError('Failed to fetch')]).lookup, () => undefined),
    ).toEqual({ status: 'busy' })
  })
})

describe('findRequestedTransaction', () => {
  /** Code that logs topics [EVENT, HOLDER_TOPIC] on any call: PUSH32 t1 PUSH32 t0 PUSH0 PUSH0 LOG2 STOP. */
  const EMITTER: Address = '0x000000000000000000000000000000000000e317'
  const EVENT: Hash = `0x${'e1'.repeat(32)}`
  const HOLDER_TOPIC: Hash = `0x${HOLDER.slice(2).toLowerCase().padStart(64, '0')}`
  const OTHER_TOPIC: Hash = `0x${OTHER.slice(2).toLowerCase().padStart(64, '0')}`

  beforeAll(async () => {
    await chain.setCode({ address: EMITTER, bytecode: `0x7f${HOLDER_TOPIC.slice(2)}7f${EVENT.slice(2)}5f5fa200` })
  })

  /** What the portal stores as it asks the wallet: the next block and the holder's next nonce, and the event to look for. */
  async function asked(topics: Hash[] = [EVENT, HOLDER_TOPIC]) {
    const record: PendingTransaction & { requested: NonNullable<PendingTransaction['requested']> } = {
      hash: `0x${'0d'.repeat(32)}`,
      action: 'test',
      description: 'test',
      account: HOLDER,
      chainId: foundry.id,
      requested: {
        fromBlock: Number(await chain.getBlockNumber({ cacheTime: 0 })) + 1,
        nonce: await chain.getTransactionCount({ address: HOLDER, blockTag: 'pending' }),
        logs: { address: EMITTER, topics },
      },
    }
    return record
  }

  it("finds the transaction the wallet sent by the holder's event", async () => {
    const record = await asked()
    const sent = await chain.sendTransaction({ account: HOLDER, to: EMITTER, gas: 100_000n })
    expect(await findRequestedTransaction(chain, record, () => true, { pollMs: 10, scope: ONE_NODE })).toBe(sent)
  })

  it("is replaced once the holder's nonce moved on without the event: another holder's event does not count", async () => {
    const record = await asked([EVENT, OTHER_TOPIC])
    await chain.sendTransaction({ account: HOLDER, to: EMITTER, gas: 100_000n })
    expect(await findRequestedTransaction(chain, record, () => true, { pollMs: 10, scope: ONE_NODE })).toEqual({
      status: 'replaced',
    })
  })

  it("read at a node's head that already holds the write it has not stored: never replaced on one reading", async () => {
    const record = await asked()
    // A block passes before the write: the node's head is then the request's block, read for the event.
    await chain.mine({ blocks: 1 })
    const sent = await chain.sendTransaction({ account: HOLDER, to: EMITTER, gas: 100_000n })
    const { blockNumber } = await chain.waitForTransactionReceipt({ hash: sent })
    const { client, caught } = midMining(blockNumber)
    const found = await findRequestedTransaction(client, record, () => true, { pollMs: 10, scope: ONE_NODE })
    // The holder's nonce was read past the request's at a head whose logs lacked the event.
    expect(caught()).toBe(true)
    expect(found).toBe(sent)
  })

  it('made without the nonce (the chain could not be asked at the click): the nonce moving on proves nothing, the event still finds it', async () => {
    const { nonce: _, ...requested } = (await asked()).requested
    const record = { ...(await asked()), requested }
    await chain.sendTransaction({ account: HOLDER, to: OTHER, value: 1n })
    const search = watched(findRequestedTransaction(chain, record, () => true, { pollMs: 10, scope: ONE_NODE }))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(search.settled()).toBe(false)
    const sent = await chain.sendTransaction({ account: HOLDER, to: EMITTER, gas: 100_000n })
    expect(await search.done).toBe(sent)
  })

  it('keeps looking while the wallet has not answered, and stops when the page that asked has the answer', async () => {
    const record = await asked()
    let checks = 0
    const found = await findRequestedTransaction(chain, record, () => ++checks < 4, { pollMs: 10, scope: ONE_NODE })
    expect(found).toBeNull()
    expect(checks).toBe(4)
  })

  it("finds the holder's event mined in the last blocks through a node behind its peers: never a replacement", async () => {
    const record = await asked()
    const sent = await chain.sendTransaction({ account: HOLDER, to: EMITTER, gas: 100_000n })
    await chain.waitForTransactionReceipt({ hash: sent })
    // At the head, the holder's nonce has already passed the request's, while the lagging node lacks the event.
    expect(await chain.getTransactionCount({ address: HOLDER, blockTag: 'latest' })).toBe(
      (record.requested.nonce ?? 0) + 1,
    )
    await behindBalancer(async (client, proxy) => {
      let checks = 0
      const stillAsked = () => {
        checks += 1
        return true
      }
      const search = watched(findRequestedTransaction(client, record, stillAsked, { pollMs: 10, scope: BALANCED }))
      await vi.waitFor(() => expect(checks).toBeGreaterThan(5), POLLED)
      expect(search.settled()).toBe(false)
      // The head node gave the head and the lagging node the logs; with no block from the request on settled yet, the
      // holder's nonce was not even read.
      const nodesOf = (method: string) =>
        new Set(proxy.log.filter((entry) => entry.method === method).map((entry) => entry.node))
      expect([nodesOf('eth_blockNumber'), nodesOf('eth_getLogs')]).toEqual([new Set(['head']), new Set(['lagging'])])
      expect(nodesOf('eth_getTransactionCount').size).toBe(0)
      await chain.mine({ blocks: 3 })
      expect(await search.done).toBe(sent)
    })
  })

  it('is busy when the node cannot be reached', async () => {
    const record = await asked()
    const dead = clientFor(http(`http://127.0.0.1:${await freePort()}`, { retryCount: 0 }))
    expect(await findRequestedTransaction(dead, record, () => true, { pollMs: 10, scope: ONE_NODE })).toEqual({
      status: 'busy',
    })
  })
})
