/**
 * The TypeScript schedule and claim math against the deployed Vesting contract on a local anvil chain: the numbers
 * the UI shows must be exactly the numbers the contract computes and pays.
 */
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  http,
  type PublicClient,
  parseEventLogs,
  type TestClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from '../../../scripts/lib/anvil'
import {
  type Clients,
  deployDemoToken,
  deployVesting,
  installMulticall3,
  MULTICALL3_ADDRESS,
} from '../../../scripts/lib/deploy'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from '../../config/anvil'
import {
  claimableAmount,
  claimSplit,
  DEAD_ADDRESS as DEAD,
  hasPosition,
  type Position,
  vestedAmount,
} from '../../domain/position'
import { phaseAt, PRODUCTION_SCHEDULE as production, type Schedule } from '../../domain/schedule'
import { demoTokenAbi, vestingAbi } from '../../generated'
import { describeHolderError } from './errors'

const E18 = 10n ** 18n
const UINT96_MAX = 2n ** 96n - 1n
const [OWNER_KEY] = ANVIL_PRIVATE_KEYS
/** Anvil's unlocked accounts #1–#3: they send their own transactions in the journey below. */
const [, ALICE, BOB, CAROL] = ANVIL_ACCOUNTS

/** The chain's first block; the journey schedule is laid out after it so the chain can walk through every phase. */
const GENESIS = 1_700_000_000n

/** A schedule the chain walks through; the unlock lasts a prime number of seconds so rounding matters. */
const journey: Schedule = {
  claimStart: GENESIS + 1_000n,
  claimEnd: GENESIS + 2_000n,
  unlockStart: GENESIS + 3_000n,
  unlockEnd: GENESIS + 3_000n + 99_991n,
}

type Allocation = { holder: Address; amount: bigint; burnPercentage: bigint }

/** Deterministic pseudo-random numbers (mulberry32), so that a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed >>> 0
  const next32 = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return BigInt((t ^ (t >>> 14)) >>> 0)
  }
  /** A value in [0, bound), bound ≤ 2^128. */
  const below = (bound: bigint) => ((next32() << 96n) | (next32() << 64n) | (next32() << 32n) | next32()) % bound
  return { below, between: (low: bigint, high: bigint) => low + below(high - low + 1n) }
}

const random = randomSource(20241113)

const productionAllocations: Allocation[] = [
  { amount: 1n, burnPercentage: 0n },
  { amount: 999n, burnPercentage: E18 },
  { amount: 1234n * E18 + 7n, burnPercentage: E18 / 4n },
  { amount: UINT96_MAX, burnPercentage: 333333333333333333n },
  { amount: UINT96_MAX - 12_345n, burnPercentage: 1n },
  { amount: random.between(E18, UINT96_MAX), burnPercentage: E18 - 1n },
  { amount: E18 - 1n, burnPercentage: 125n * 10n ** 15n },
].map((allocation, index) => ({
  ...allocation,
  holder: getAddress(`0x${(0x5eed0000 + index).toString(16).padStart(40, '0')}`),
}))

const journeyAllocations: Allocation[] = [
  { holder: ALICE, amount: 1_000_000n * E18 + 123n, burnPercentage: E18 / 4n + 1n },
  { holder: BOB, amount: 5n * E18 - 1n, burnPercentage: E18 },
  { holder: CAROL, amount: 10n ** 28n + 17n, burnPercentage: 0n },
]

/** The timestamps to compare at: every boundary second of the schedule plus a spread across all phases. */
function sampleTimes(schedule: Schedule, count: number): bigint[] {
  const { claimStart, claimEnd, unlockStart, unlockEnd } = schedule
  const boundaries = [0n, claimStart - 1n, claimStart, claimEnd - 1n, claimEnd, unlockStart - 1n, unlockStart]
  boundaries.push(unlockStart + 1n, unlockEnd - 1n, unlockEnd, unlockEnd + 1n, 2n ** 64n)
  const times = [...boundaries]
  const margin = unlockEnd - claimStart
  while (times.length < count) {
    // Most samples inside the unlock, where the formula is not a constant.
    times.push(
      times.length % 4 === 0
        ? random.between(claimStart - margin / 10n, unlockEnd + margin / 10n)
        : random.between(unlockStart, unlockEnd),
    )
  }
  return times
}

let anvil: Anvil
let publicClient: PublicClient
let testClient: TestClient<'anvil'>
let token: Address
let productionVesting: Address
let journeyVesting: Address

function holderWallet(holder: Address) {
  return createWalletClient({ account: holder, chain: anvilChain, transport: http(anvil.rpcUrl) })
}

async function allocate(clients: Clients, vesting: Address, allocations: Allocation[]) {
  const total = allocations.reduce((sum, { amount }) => sum + amount, 0n)
  const owner = clients.wallet.account.address
  for (const request of [
    { address: token, abi: demoTokenAbi, functionName: 'mint', args: [owner, total] },
    { address: token, abi: demoTokenAbi, functionName: 'approve', args: [vesting, total] },
  ] as const) {
    const hash = await clients.wallet.writeContract(request)
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
  }
  const hash = await clients.wallet.writeContract({
    address: vesting,
    abi: vestingAbi,
    functionName: 'addClaims',
    args: [
      allocations.map(({ holder }) => holder),
      allocations.map(({ amount }) => amount),
      allocations.map(({ burnPercentage }) => burnPercentage),
    ],
  })
  expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
}

beforeAll(async () => {
  anvil = await startAnvil({ timestamp: Number(GENESIS) })
  const transport = http(anvil.rpcUrl)
  publicClient = createPublicClient({ chain: anvilChain, transport })
  testClient = createTestClient({ mode: 'anvil', chain: anvilChain, transport })
  const wallet = createWalletClient({ account: privateKeyToAccount(OWNER_KEY), chain: anvilChain, transport })
  const clients: Clients = { wallet, public: publicClient }
  await installMulticall3(clients, testClient)
  token = await deployDemoToken(clients)
  productionVesting = await deployVesting(clients, token, production)
  journeyVesting = await deployVesting(clients, token, journey)
  await allocate(clients, productionVesting, productionAllocations)
  await allocate(clients, journeyVesting, journeyAllocations)
}, 60_000)

afterAll(async () => {
  await anvil?.stop()
})

/** The contract's `vestedAmount(holder, t)` for many pairs, in one multicall. */
async function vestedOnChain(vesting: Address, pairs: (readonly [Address, bigint])[]): Promise<bigint[]> {
  return publicClient.multicall({
    contracts: pairs.map((args) => ({
      address: vesting,
      abi: vestingAbi,
      functionName: 'vestedAmount' as const,
      args,
    })),
    allowFailure: false,
    multicallAddress: MULTICALL3_ADDRESS,
    batchSize: 32_768,
  })
}

/** The contract's `previewClaimAndBurn(holder, amount)` → (received, burned) for many pairs, in one multicall. */
async function previewOnChain(vesting: Address, pairs: (readonly [Address, bigint])[]) {
  return publicClient.multicall({
    contracts: pairs.map((args) => ({
      address: vesting,
      abi: vestingAbi,
      functionName: 'previewClaimAndBurn' as const,
      args,
    })),
    allowFailure: false,
    multicallAddress: MULTICALL3_ADDRESS,
    batchSize: 32_768,
  })
}

async function positionOf(vesting: Address, holder: Address, blockNumber?: bigint): Promise<Position> {
  const [amount, burnPercentage, unlockedAmount] = await publicClient.readContract({
    address: vesting,
    abi: vestingAbi,
    functionName: 'claimByOwner',
    args: [holder],
    blockNumber,
  })
  return { amount, burnPercentage, unlockedAmount }
}

describe('the contract holds the allocations the comparison assumes', () => {
  it.each(productionAllocations)(
    '$holder holds $amount at burn $burnPercentage',
    async ({ holder, amount, burnPercentage }) => {
      expect(await positionOf(productionVesting, holder)).toEqual({ amount, burnPercentage, unlockedAmount: 0n })
    },
  )
})

describe.each([
  ['production', () => productionVesting, production, productionAllocations],
  ['journey', () => journeyVesting, journey, journeyAllocations],
] as const)('vestedAmount on the %s schedule', (_, vesting, schedule, allocations) => {
  const times = sampleTimes(schedule, 200)

  it(`equals the contract's vestedAmount(holder, t) at ${times.length} timestamps for every holder`, async () => {
    const pairs = allocations.flatMap(({ holder }) => times.map((time) => [holder, time] as const))
    const onChain = await vestedOnChain(vesting(), pairs)
    const expected = allocations.flatMap(({ amount }) => times.map((time) => vestedAmount(amount, schedule, time)))
    expect(onChain).toEqual(expected)
    // The sample reaches every phase, and the unlock is not all zeros or all amounts.
    expect(new Set(times.map((time) => phaseAt(schedule, time)))).toEqual(
      new Set(['before', 'claim', 'locked', 'unlocking', 'ended']),
    )
    const partial = expected.filter((value, index) => {
      const amount = allocations[Math.floor(index / times.length)]?.amount
      return value > 0n && value !== amount
    })
    expect(partial.length).toBeGreaterThan(times.length)
  })
})

describe('claimSplit', () => {
  it('equals previewClaimAndBurn for every slider position of every holder', async () => {
    const percents = Array.from({ length: 101 }, (_, percent) => percent)
    const splits = productionAllocations.flatMap(({ holder, amount, burnPercentage }) =>
      percents.map((percent) => ({ holder, split: claimSplit(amount, percent, burnPercentage) })),
    )
    const onChain = await previewOnChain(
      productionVesting,
      splits.map(({ holder, split }) => [holder, split.claimed] as const),
    )
    expect(onChain).toEqual(splits.map(({ split }) => [split.received, split.burned]))
    // 100 % is the whole position.
    for (const [index, { amount }] of productionAllocations.entries()) {
      expect(splits[index * 101 + 100]?.split.claimed).toBe(amount)
    }
  })

  it('equals previewClaimAndBurn for many amounts up to uint96 max', async () => {
    const fixedAmounts = [0n, 1n, 2n, 3n, 99n, 100n, 101n, E18 - 1n, E18, E18 + 1n, UINT96_MAX - 1n, UINT96_MAX]
    const cases = productionAllocations.flatMap(({ holder, burnPercentage }) =>
      [...fixedAmounts, ...Array.from({ length: 60 }, () => random.between(0n, UINT96_MAX))].map((amount) => ({
        holder,
        split: claimSplit(amount, 100, burnPercentage),
      })),
    )
    const onChain = await previewOnChain(
      productionVesting,
      cases.map(({ holder, split }) => [holder, split.claimed] as const),
    )
    expect(onChain).toEqual(cases.map(({ split }) => [split.received, split.burned]))
  })
})

describe('a journey through every phase', () => {
  /** Mines the next transaction at exactly `timestamp`; with a fixed gas limit a revert is mined, not estimated away. */
  async function sendAt(
    timestamp: bigint,
    holder: Address,
    call: { functionName: 'unlock' } | { functionName: 'claimAndBurn'; args: [bigint] },
  ) {
    await testClient.setNextBlockTimestamp({ timestamp })
    const hash = await holderWallet(holder).writeContract({
      address: journeyVesting,
      abi: vestingAbi,
      gas: 300_000n,
      ...call,
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber })
    expect(block.timestamp).toBe(timestamp)
    return receipt
  }

  const balanceOf = (address: Address, blockNumber?: bigint) =>
    publicClient.readContract({
      address: token,
      abi: demoTokenAbi,
      functionName: 'balanceOf',
      args: [address],
      blockNumber,
    })

  const [alice, bob, carol] = journeyAllocations as [Allocation, Allocation, Allocation]
  const describeOptions = { token: { symbol: 'NAI', decimals: 18 }, locale: 'en-US', timeZone: 'UTC' }

  it('explains a claim before the window opens with the decoded custom error', async () => {
    const simulation = publicClient.simulateContract({
      account: ALICE,
      address: journeyVesting,
      abi: vestingAbi,
      functionName: 'claimAndBurn',
      args: [1n],
    })
    const error = await simulation.then(
      () => undefined,
      (failure: unknown) => failure,
    )
    expect(describeHolderError(error, describeOptions)).toEqual({
      kind: 'failed',
      message:
        'The claim window is closed: claim and burn is only possible between Nov 14, 2023, 10:30 PM UTC and Nov 14, 2023, 10:46 PM UTC.',
    })
  })

  it('rejects a claim at claimStart − 1 and accepts one at claimStart, paying exactly claimSplit', async () => {
    const { claimStart } = journey
    expect(phaseAt(journey, claimStart - 1n)).toBe('before')
    expect((await sendAt(claimStart - 1n, ALICE, { functionName: 'claimAndBurn', args: [1n] })).status).toBe('reverted')

    expect(phaseAt(journey, claimStart)).toBe('claim')
    const split = claimSplit(alice.amount, 37, alice.burnPercentage)
    const deadBefore = await balanceOf(DEAD)
    const receipt = await sendAt(claimStart, ALICE, { functionName: 'claimAndBurn', args: [split.claimed] })
    expect(receipt.status).toBe('success')
    const [event] = parseEventLogs({ abi: vestingAbi, logs: receipt.logs, eventName: 'ClaimedAndBurned' })
    expect(event?.args).toEqual({
      holder: ALICE,
      amount: split.claimed,
      received: split.received,
      burned: split.burned,
    })
    expect(await balanceOf(ALICE)).toBe(split.received)
    expect((await balanceOf(DEAD)) - deadBefore).toBe(split.burned)
    expect(await positionOf(journeyVesting, ALICE)).toEqual({
      amount: alice.amount - split.claimed,
      burnPercentage: alice.burnPercentage,
      unlockedAmount: 0n,
    })
  })

  it('accepts a whole-position claim at claimEnd − 1 and rejects any claim at claimEnd', async () => {
    const { claimEnd } = journey
    expect(phaseAt(journey, claimEnd - 1n)).toBe('claim')
    const split = claimSplit(bob.amount, 100, bob.burnPercentage)
    expect(split).toEqual({ claimed: bob.amount, burned: bob.amount, received: 0n })
    const receipt = await sendAt(claimEnd - 1n, BOB, { functionName: 'claimAndBurn', args: [split.claimed] })
    expect(receipt.status).toBe('success')
    const bobPosition = await positionOf(journeyVesting, BOB)
    expect(bobPosition).toEqual({ amount: 0n, burnPercentage: bob.burnPercentage, unlockedAmount: 0n })
    expect(hasPosition(bobPosition)).toBe(false)

    expect(phaseAt(journey, claimEnd)).toBe('locked')
    expect((await sendAt(claimEnd, CAROL, { functionName: 'claimAndBurn', args: [1n] })).status).toBe('reverted')
  })

  it('rejects an unlock before unlockStart and when nothing has vested yet at unlockStart', async () => {
    const { unlockStart } = journey
    expect(phaseAt(journey, unlockStart - 1n)).toBe('locked')
    expect((await sendAt(unlockStart - 1n, ALICE, { functionName: 'unlock' })).status).toBe('reverted')
    expect(phaseAt(journey, unlockStart)).toBe('unlocking')
    expect(claimableAmount(await positionOf(journeyVesting, ALICE), journey, unlockStart)).toBe(0n)
    expect((await sendAt(unlockStart, ALICE, { functionName: 'unlock' })).status).toBe('reverted')
  })

  it('explains an unlock with nothing to take with the decoded custom error', async () => {
    const error = await publicClient
      .simulateContract({ account: BOB, address: journeyVesting, abi: vestingAbi, functionName: 'unlock' })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      )
    expect(describeHolderError(error, describeOptions)).toEqual({
      kind: 'failed',
      message: 'Nothing has unlocked since your last claim.',
    })
  })

  it('pays exactly claimableAmount on each unlock and reports the same claimable as the contract', async () => {
    const { unlockStart, unlockEnd } = journey
    let alicePaid = 0n
    for (const time of [unlockStart + 1n, unlockStart + 12_345n, unlockStart + 50_000n, unlockEnd - 10n]) {
      const before = await positionOf(journeyVesting, ALICE)
      const expected = claimableAmount(before, journey, time)
      expect(expected).toBeGreaterThan(0n)
      const receipt = await sendAt(time, ALICE, { functionName: 'unlock' })
      expect(receipt.status).toBe('success')
      const [event] = parseEventLogs({ abi: vestingAbi, logs: receipt.logs, eventName: 'Unlocked' })
      expect(event?.args).toEqual({ holder: ALICE, amount: expected })
      alicePaid += expected
      expect(await positionOf(journeyVesting, ALICE)).toEqual({ ...before, unlockedAmount: alicePaid })

      // Between unlocks the contract's claimable (at the block's own time) matches the TypeScript one.
      await testClient.setNextBlockTimestamp({ timestamp: time + 7n })
      await testClient.mine({ blocks: 1 })
      const block = await publicClient.getBlock()
      const onChain = await publicClient.readContract({
        address: journeyVesting,
        abi: vestingAbi,
        functionName: 'claimableAmount',
        args: [CAROL],
        blockNumber: block.number,
      })
      expect(onChain).toBe(
        claimableAmount(await positionOf(journeyVesting, CAROL, block.number), journey, block.timestamp),
      )
    }
  })

  it('pays the rest to the last wei at unlockEnd, leaving nothing claimable', async () => {
    const { unlockEnd } = journey
    expect(phaseAt(journey, unlockEnd)).toBe('ended')
    const alicePosition = await positionOf(journeyVesting, ALICE)
    const aliceBalance = await balanceOf(ALICE)
    expect((await sendAt(unlockEnd, ALICE, { functionName: 'unlock' })).status).toBe('success')
    expect((await balanceOf(ALICE)) - aliceBalance).toBe(alicePosition.amount - alicePosition.unlockedAmount)
    const aliceAfter = await positionOf(journeyVesting, ALICE)
    expect(aliceAfter.unlockedAmount).toBe(aliceAfter.amount)
    expect(claimableAmount(aliceAfter, journey, unlockEnd + 1n)).toBe(0n)

    expect(claimableAmount(await positionOf(journeyVesting, CAROL), journey, unlockEnd + 5n)).toBe(carol.amount)
    expect((await sendAt(unlockEnd + 5n, CAROL, { functionName: 'unlock' })).status).toBe('success')
    expect(await balanceOf(CAROL)).toBe(carol.amount)
    expect((await sendAt(unlockEnd + 6n, CAROL, { functionName: 'unlock' })).status).toBe('reverted')
  })
})
