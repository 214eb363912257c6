/**
 * The write pipeline's waiting half against a real anvil node: mined, reverted, sped up, cancelled, replaced while
 * the portal was closed on a node without nonce lookups, and an unreachable node.
 */
import {
  type Address,
  createTestClient,
  custom,
  type Hash,
  http,
  parseEther,
  parseGwei,
  publicActions,
  walletActions,
} from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Anvil, freePort, startAnvil } from '../../scripts/lib/anvil'
import { startRpcProxy } from '../../scripts/lib/rpcProxy'
import { ANVIL_ACCOUNTS } from '../config/anvil'
import { awaitOutcome } from './awaitOutcome'
import type { PendingTransaction } from './pendingTransaction'

const [, HOLDER, OTHER] = ANVIL_ACCOUNTS
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
