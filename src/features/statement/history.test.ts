/**
 * The history reader against a real anvil chain with the portal's contracts: every kind of event a holder can have,
 * read directly, through an RPC that caps eth_getLogs ranges, through one that refuses history, and with no network.
 */
import { type Address, createPublicClient, getAddress, type Hash, http, parseEventLogs } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { freePort } from '../../../scripts/lib/anvil'
import { accounts, nai, percent } from '../../../testing/accounts'
import { type LocalChain, startLocalChain } from '../../../testing/localChain'
import { startRpcProxy } from '../../../testing/rpcProxy'
import { moments } from '../../../testing/schedule'
import { legacyClaimAbi, vestingAbi } from '../../generated'
import { retryDelay } from '../../lib/retry'
import { rpcTransport } from '../../wallet/rpcTransport'
import {
  type HistoryEntry,
  HistoryOfflineError,
  type HistoryProgress,
  HistoryRefusedError,
  historyFailureMessage,
  readHolderHistory,
} from './history'

// The busy wait, unchanged but watched: a read asked again as if the endpoint were busy asks for it.
vi.mock('../../lib/retry', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/retry')>()
  return { ...actual, retryDelay: vi.fn(actual.retryDelay) }
})

/** A whitelisted contract that takes part of the holder's locked position and gives some back. */
const POOL: Address = getAddress('0x00000000000000000000000000000000000b00c5')

let chain: LocalChain
let expected: HistoryEntry[]

const clientFor = (url: string) => createPublicClient({ transport: http(url, { retryCount: 0 }) })
const options = (maxRange: bigint) => ({
  vesting: chain.addresses.vesting,
  legacy: chain.addresses.legacy,
  holder: accounts.alice,
  fromBlock: 0n,
  maxRange,
})

/** Where and when the chain mined `hash`. */
async function minedAt(hash: Hash) {
  const receipt = await chain.getTransactionReceipt({ hash })
  const block = await chain.getBlock({ blockNumber: receipt.blockNumber })
  return { blockNumber: receipt.blockNumber, timestamp: block.timestamp, transactionHash: hash }
}

beforeAll(async () => {
  chain = await startLocalChain(moments.claim, { port: await freePort() })
  const start = await chain.getBlockNumber()
  // Bob's events are on the same contracts and must not appear in Alice's history.
  await chain.addHolders([
    { account: accounts.alice, amount: nai(1000), burnPercentage: percent(25), legacy: nai('50.5') },
    { account: accounts.bob, amount: nai(10), burnPercentage: 0n, legacy: nai(1) },
  ])
  const logs = await chain.getLogs({ fromBlock: start + 1n })
  const [allocation] = parseEventLogs({ abi: vestingAbi, eventName: 'ClaimAdded', logs })
  const [legacyAllocation] = parseEventLogs({ abi: legacyClaimAbi, eventName: 'ClaimAdded', logs })
  if (!allocation || !legacyAllocation) throw new Error('addClaims emitted no ClaimAdded events')
  const claim = await chain.claimAndBurnAs(accounts.alice, nai(400))
  await chain.claimAndBurnAs(accounts.bob, nai(10))
  await chain.setTime(moments.locked)
  await chain.whitelistContract(POOL)
  const out = await chain.transferLockedAs(accounts.alice, POOL, nai(100))
  const back = await chain.transferLockedAs(POOL, accounts.alice, nai(40))
  const legacy = await chain.claimLegacyAs(accounts.alice)
  const index = { logIndex: expect.any(Number) as number }
  expected = [
    {
      kind: 'allocation',
      ...(await minedAt(allocation.transactionHash)),
      ...index,
      amount: nai(1000),
      burnPercentage: percent(25),
    },
    { kind: 'legacyAllocation', ...(await minedAt(legacyAllocation.transactionHash)), ...index, amount: nai('50.5') },
    {
      kind: 'claimAndBurn',
      ...(await minedAt(claim.hash)),
      ...index,
      amount: nai(400),
      received: nai(300),
      burned: nai(100),
    },
    {
      kind: 'transferOut',
      ...(await minedAt(out.hash)),
      ...index,
      amount: nai(100),
      counterparty: POOL,
      unlockedShareMoved: 0n,
    },
    {
      kind: 'transferIn',
      ...(await minedAt(back.hash)),
      ...index,
      amount: nai(40),
      counterparty: POOL,
      unlockedShareMoved: 0n,
    },
    { kind: 'legacyClaim', ...(await minedAt(legacy.hash)), ...index, amount: nai('50.5') },
  ]
}, 60_000)
afterAll(() => chain?.stop())

describe('readHolderHistory', () => {
  it("reads every kind of the holder's events, in chain order, and nobody else's", async () => {
    const progress: HistoryProgress[] = []
    const entries = await readHolderHistory(clientFor(chain.rpcUrl), {
      ...options(10_000n),
      onProgress: (step) => progress.push(step),
    })
    expect(entries).toEqual(expected)
    expect(progress.at(0)?.scannedBlocks).toBe(0n)
    expect(progress.at(-1)?.totalBlocks).toBeGreaterThan(0n)
    expect(progress.at(-1)?.scannedBlocks).toBe(progress.at(-1)?.totalBlocks)
  })

  it('halves a range the RPC refuses until it passes, and reads the same events with progress all along', async () => {
    const proxy = await startRpcProxy({ upstream: chain.rpcUrl, faults: { getLogsMaxRange: 5 } })
    try {
      const progress: bigint[] = []
      const entries = await readHolderHistory(clientFor(proxy.url), {
        ...options(64n),
        onProgress: ({ scannedBlocks }) => progress.push(scannedBlocks),
      })
      expect(entries).toEqual(expected)
      const getLogs = proxy.log.filter((entry) => entry.method === 'eth_getLogs')
      // 64 → 32 → 16 → 8 → 4: four refused widths, then every range of 4 blocks passes.
      expect(getLogs.filter((entry) => entry.refused).length).toBeGreaterThanOrEqual(4)
      expect(getLogs.filter((entry) => !entry.refused).length).toBeGreaterThan(4)
      expect(progress).toEqual([...progress].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
      expect(new Set(progress).size).toBeGreaterThan(3)
    } finally {
      await proxy.stop()
    }
  })

  it('sends a read a busy RPC refused again after the wait it asks for, and reads every event', async () => {
    const proxy = await startRpcProxy({
      upstream: chain.rpcUrl,
      faults: { http: { kind: 'status', status: 429, retryAfterSeconds: 1, exposeRetryAfter: true, requests: 2 } },
    })
    // The draw that spreads a refused crowd at its least: 1 s asked, then 1 s asked and a quarter of an 8 s window.
    const draw = vi.spyOn(Math, 'random').mockReturnValue(0)
    try {
      const started = Date.now()
      expect(await readHolderHistory(clientFor(proxy.url), options(1_000n))).toEqual(expected)
      expect(proxy.requests.filter((request) => request.status === 429)).toHaveLength(2)
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_000)
    } finally {
      draw.mockRestore()
      await proxy.stop()
    }
  }, 15_000)

  it("ends in HistoryRefusedError with the node's own words when even one block is refused", async () => {
    const proxy = await startRpcProxy({ upstream: chain.rpcUrl, faults: { getLogsRefused: true } })
    try {
      const failure = await readHolderHistory(clientFor(proxy.url), options(8n)).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(HistoryRefusedError)
      expect(historyFailureMessage(failure, 0n)).toBe(
        'The network\'s RPC refused to read the contracts\' history ("historical logs are not available on this node"). The statement needs an RPC that serves events from block 0 on; try again later or with another RPC.',
      )
    } finally {
      await proxy.stop()
    }
  })

  it('ends in HistoryOfflineError when the network cannot be reached', async () => {
    const failure = await readHolderHistory(clientFor(`http://127.0.0.1:${await freePort()}`), options(8n)).catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(HistoryOfflineError)
    expect(historyFailureMessage(failure, 0n)).toBe(
      'The network could not be reached, so your history could not be read. Try again when you are online.',
    )
  })
})

describe('readHolderHistory behind a public endpoint', () => {
  it('still has the events of the last blocks, read right after they were mined, through a node 3 blocks behind', async () => {
    // The 1 s miner stops: the holder's last event stays at the head while the history is read.
    await chain.setIntervalMining({ interval: 0 })
    const proxy = await startRpcProxy({ upstream: chain.rpcUrl, faults: { lag: { blocks: 3 } } })
    try {
      const from = (await chain.getBlockNumber({ cacheTime: 0 })) + 1n
      await chain.addHolder({ account: accounts.carol, amount: nai(7), burnPercentage: percent(10), legacy: nai(3) })
      const logs = await chain.getLogs({ fromBlock: from })
      const [allocation] = parseEventLogs({ abi: vestingAbi, eventName: 'ClaimAdded', logs })
      const [legacyAllocation] = parseEventLogs({ abi: legacyClaimAbi, eventName: 'ClaimAdded', logs })
      if (!allocation || !legacyAllocation) throw new Error('addClaims emitted no ClaimAdded events')
      const head = await chain.getBlockNumber({ cacheTime: 0 })
      expect(legacyAllocation.blockNumber).toBe(head)
      const carols: HistoryEntry[] = [
        {
          kind: 'allocation',
          ...(await minedAt(allocation.transactionHash)),
          logIndex: allocation.logIndex,
          amount: nai(7),
          burnPercentage: percent(10),
        },
        {
          kind: 'legacyAllocation',
          ...(await minedAt(legacyAllocation.transactionHash)),
          logIndex: legacyAllocation.logIndex,
          amount: nai(3),
        },
      ]
      const client = createPublicClient({ transport: rpcTransport([proxy.url]) })
      const entries = await readHolderHistory(client, { ...options(10_000n), holder: accounts.carol, settleBlocks: 4n })
      expect(entries).toEqual(carols)
    } finally {
      await proxy.stop()
      await chain.setIntervalMining({ interval: 1 })
    }
  }, 20_000)

  it('narrows a range refused for its results (Infura), never waiting on it as on a busy endpoint, and reads every event', async () => {
    const proxy = await startRpcProxy({ upstream: chain.rpcUrl, faults: { getLogsMaxResults: 2 } })
    vi.mocked(retryDelay).mockClear()
    try {
      expect(await readHolderHistory(clientFor(proxy.url), options(10_000n))).toEqual(expected)
      const getLogs = proxy.log.filter((entry) => entry.method === 'eth_getLogs')
      // The whole history at once holds 5 of Alice's events for the first query: refused, in Infura's words.
      expect(getLogs[0]?.refused).toMatchObject({
        code: -32005,
        message: expect.stringMatching(/^query returned more than 2 results\. Try with this block range \[0x0, 0x/),
      })
      expect(getLogs.filter((entry) => entry.refused).every((entry) => entry.refused?.code === -32005)).toBe(true)
      expect(getLogs.filter((entry) => !entry.refused).length).toBeGreaterThan(2)
      expect(getLogs.at(-1)?.refused).toBeUndefined()
      // -32005 is also Infura's rate limit: this one is a refusal of the query's size, not a reason to wait.
      expect(retryDelay).not.toHaveBeenCalled()
    } finally {
      await proxy.stop()
    }
  })
})
