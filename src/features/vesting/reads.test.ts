/**
 * The holder's read against a real chain with the portal's contracts, behind the public-endpoint double: a load
 * balancer over the node at the head and one 3 blocks behind it, alternating the block-dependent calls between them
 * (the head node first). The floor of the figures shown lives in localStorage, here in memory.
 */
import { createPublicClient, http, type Transport } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { freePort } from '../../../scripts/lib/anvil'
import { accounts, nai, percent } from '../../../testing/accounts'
import { type LocalChain, startLocalChain } from '../../../testing/localChain'
import { type RpcProxy, startRpcProxy } from '../../../testing/rpcProxy'
import { moments } from '../../../testing/schedule'
import { LOCAL_CHAIN_ID, localAnvil, MULTICALL3_ADDRESS } from '../../config/chains'
import { isEndpointFailure } from '../../lib/errors'
import { AnswerBehindError, floorKey, raiseFloor, readFloor } from '../../lib/readFloors'
import { memoryStorage } from '../../lib/storageFallback'
import { rpcTransport } from '../../wallet/rpcTransport'
import { holdingsCalls, readHoldings } from './reads'

const LAG = { blocks: 3 }

let chain: LocalChain
/** The public endpoint's double, and a second one for the tests of a build with two endpoints. */
let proxy: RpcProxy
let second: RpcProxy
/** The chain's head, which stays put: the 1 s miner is stopped once the holder is added. */
let head: bigint
let headTime: bigint

const clientOf = (transport: Transport) => createPublicClient({ chain: localAnvil, transport })
const contracts = () =>
  holdingsCalls(
    { vestingAddress: chain.addresses.vesting, legacyAddress: chain.addresses.legacy },
    MULTICALL3_ADDRESS,
    accounts.alice,
    chain.addresses.token,
  )
const key = () =>
  floorKey(
    { chainId: LOCAL_CHAIN_ID, vestingAddress: chain.addresses.vesting, legacyAddress: chain.addresses.legacy },
    accounts.alice,
  )

/** One eth_blockNumber through `endpoint`: its balancer then sends the next block-dependent call to the lagging node. */
async function shiftToLagging(endpoint: RpcProxy): Promise<void> {
  await fetch(endpoint.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
  })
}

/** Which node answered each eth_call (each is one whole multicall: the read is not chunked). */
const callNodes = (endpoint: RpcProxy) =>
  endpoint.log.filter((entry) => entry.method === 'eth_call').map((entry) => entry.node)

beforeAll(async () => {
  chain = await startLocalChain(moments.claim, { port: await freePort() })
  await chain.addHolder({ account: accounts.alice, amount: nai(1000), burnPercentage: percent(25), legacy: nai(5) })
  await chain.setIntervalMining({ interval: 0 })
  head = await chain.getBlockNumber()
  headTime = (await chain.getBlock({ blockNumber: head })).timestamp
  proxy = await startRpcProxy({ upstream: chain.rpcUrl, faults: { lag: LAG } })
  second = await startRpcProxy({ upstream: chain.rpcUrl, faults: { lag: LAG } })
}, 60_000)
afterAll(async () => {
  await proxy?.stop()
  await second?.stop()
  await chain?.stop()
})
beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage())
  // Each test starts with the head node next.
  for (const endpoint of [proxy, second]) {
    endpoint.setFaults({ lag: LAG })
    endpoint.reset()
  }
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('readHoldings: figures never from a block before those shown', () => {
  it('asks again an answer from a lower block than the figures shown, and returns the head node’s', async () => {
    raiseFloor(key(), { block: head, time: headTime })
    await shiftToLagging(proxy)
    const results = await readHoldings(clientOf(http(proxy.url, { retryCount: 0 })), contracts(), key(), [0])
    expect(results[7]).toBe(head)
    expect(results[6]).toBe(headTime)
    const { amount, burnPercentage, unlockedAmount } = await chain.position(accounts.alice)
    expect(amount).toBe(nai(1000))
    expect(results[0]).toEqual([amount, burnPercentage, unlockedAmount])
    expect(callNodes(proxy)).toEqual(['lagging', 'head'])
    expect(readFloor(key())).toEqual({ block: head, time: headTime })
  })

  it('fails with AnswerBehindError once its waits are spent, and the floor stays', async () => {
    raiseFloor(key(), { block: head, time: headTime })
    await shiftToLagging(proxy)
    const failure = await readHoldings(clientOf(http(proxy.url, { retryCount: 0 })), contracts(), key(), []).catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(AnswerBehindError)
    expect(failure).toMatchObject({ answered: head - 3n, floor: head })
    // The page retries it as a busy read, after a wait.
    expect(isEndpointFailure(failure)).toBe(true)
    expect(callNodes(proxy)).toEqual(['lagging'])
    expect(readFloor(key())).toEqual({ block: head, time: headTime })
  })

  it('shows the first answer when there is no floor, even from the lagging node, and raises the floor from there', async () => {
    await shiftToLagging(proxy)
    const client = clientOf(http(proxy.url, { retryCount: 0 }))
    const first = await readHoldings(client, contracts(), key(), [])
    expect(first[7]).toBe(head - 3n)
    const laggingTime = (await chain.getBlock({ blockNumber: head - 3n })).timestamp
    expect(readFloor(key())).toEqual({ block: head - 3n, time: laggingTime })
    const next = await readHoldings(client, contracts(), key(), [])
    expect(next[7]).toBe(head)
    expect(readFloor(key())).toEqual({ block: head, time: headTime })
    expect(callNodes(proxy)).toEqual(['lagging', 'head'])
  })

  it.each([
    ['far above the chain’s head', () => ({ block: head + 5_000n, time: headTime + 60_000n })],
    ['a few blocks above, but dated before the answer’s block', () => ({ block: head + 10n, time: headTime - 3_600n })],
  ])('forgets a stored block from another history of the chain (a restarted one): %s', async (_, floor) => {
    raiseFloor(key(), floor())
    const results = await readHoldings(clientOf(http(proxy.url, { retryCount: 0 })), contracts(), key(), [])
    expect(results[7]).toBe(head)
    expect(readFloor(key())).toEqual({ block: head, time: headTime })
    expect(callNodes(proxy)).toEqual(['head'])
  })

  it('asks again from the next endpoint first, where the build has several', async () => {
    raiseFloor(key(), { block: head, time: headTime })
    // Both endpoints' next answer is their lagging node's.
    await shiftToLagging(proxy)
    await shiftToLagging(second)
    const client = clientOf(rpcTransport([proxy.url, second.url]))
    const results = await readHoldings(client, contracts(), key(), [0, 0])
    expect(results[7]).toBe(head)
    // The first endpoint, then the second, then the first again, whose head node answers.
    expect(callNodes(proxy)).toEqual(['lagging', 'head'])
    expect(callNodes(second)).toEqual(['lagging'])
  })
})
