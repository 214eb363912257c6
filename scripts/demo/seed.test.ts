import { type Address, createPublicClient, createWalletClient, http, type PublicClient, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../src/config/anvil.ts'
import { DEAD_ADDRESS as DEAD } from '../../src/domain/position.ts'
import { PHASES, type Phase } from '../../src/domain/schedule.ts'
import { demoTokenAbi, legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import { type Anvil, startAnvil } from '../lib/anvil.ts'
import { MULTICALL3_ADDRESS } from '../lib/deploy.ts'
import { anvilAccount, type DemoDeployment, scheduleForPhase, seedDemo, startDemoChain } from '../lib/seed.ts'

const nai = (value: string) => parseUnits(value, 18)
const day = 86_400n

/** The schedule each phase must produce, written out from the demo's definition rather than computed by it. */
function expectedSchedule(phase: Phase, now: bigint) {
  const offsets: Record<Phase, [bigint, bigint, bigint, bigint]> = {
    before: [2n, 17n, 382n, 747n],
    claim: [-1n, 14n, 379n, 744n],
    locked: [-25n, -10n, 355n, 720n],
    unlocking: [-500n, -485n, -120n, 245n],
    ended: [-746n, -731n, -366n, -1n],
  }
  const [claimStart, claimEnd, unlockStart, unlockEnd] = offsets[phase].map((days) => now + days * day)
  return { claimStart, claimEnd, unlockStart, unlockEnd }
}

type Expected = { amount: bigint; burn: bigint; unlocked: bigint; legacy: bigint; balance: bigint }

/** Every holder's position, legacy amount and wallet balance after seeding, by anvil account index. */
function expectedHolders(phase: Phase): Map<number, Expected> {
  const expected = new Map<number, Expected>([
    [
      1,
      { amount: nai('100000'), burn: parseUnits('0.75', 18), unlocked: 0n, legacy: nai('2500'), balance: nai('1000') },
    ],
    [2, { amount: nai('40000'), burn: parseUnits('0.125', 18), unlocked: 0n, legacy: 0n, balance: nai('1000') }],
    [3, { amount: nai('60000'), burn: parseUnits('0.5', 18), unlocked: 0n, legacy: 0n, balance: nai('1000') }],
    [4, { amount: 0n, burn: 0n, unlocked: 0n, legacy: nai('7500'), balance: nai('1000') }],
    [5, { amount: 0n, burn: 0n, unlocked: 0n, legacy: 0n, balance: nai('1000') }],
    [
      6,
      { amount: nai('120000'), burn: parseUnits('0.25', 18), unlocked: 0n, legacy: nai('1000'), balance: nai('1000') },
    ],
    [7, { amount: nai('30000'), burn: parseUnits('0.4', 18), unlocked: 0n, legacy: nai('1200'), balance: nai('1000') }],
    [8, { amount: 1_234_567_890_123_456_789_012n, burn: 0n, unlocked: 0n, legacy: nai('0.005'), balance: nai('0.75') }],
  ])
  const update = (index: number, change: Partial<Expected>) => {
    const current = expected.get(index)
    if (!current) throw new Error(`no holder #${index}`)
    expected.set(index, { ...current, ...change })
  }
  if (phase !== 'before') {
    // #3 took 24,000 at 50 % burn: 12,000 received. #7 took all 30,000 at 40 % burn: 18,000 received.
    update(3, { amount: nai('36000'), balance: nai('13000') })
    update(7, { amount: 0n, balance: nai('19000') })
  }
  if (phase === 'unlocking' || phase === 'ended') {
    // #6 unlocked 30 of 365 days of 120,000: 120,000 × 30 / 365 rounded down.
    update(6, { unlocked: 9_863_013_698_630_136_986_301n, balance: 10_863_013_698_630_136_986_301n })
  }
  if (phase === 'ended') update(2, { unlocked: nai('40000'), balance: nai('41000') })
  return expected
}

function client(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl) })
}

describe.each(PHASES)('the demo chain in the "%s" phase', (phase) => {
  let anvil: Anvil
  let deployment: DemoDeployment
  let now: bigint
  let chain: PublicClient

  beforeAll(async () => {
    now = BigInt(Math.floor(Date.now() / 1000))
    anvil = await startDemoChain(scheduleForPhase(phase, now), now, { args: ['--block-time', '1'] })
    deployment = await seedDemo({ rpcUrl: anvil.rpcUrl, phase, now, blockTime: 1 })
    chain = client(anvil.rpcUrl)
  })

  afterAll(async () => {
    await anvil?.stop()
  })

  it('deploys with the schedule of the phase, relative to now, and LegacyClaim opening with the claim window', async () => {
    const expected = expectedSchedule(phase, now)
    expect(deployment.schedule).toEqual(expected)
    const read = (functionName: 'claimStart' | 'claimEnd' | 'unlockStart' | 'unlockEnd') =>
      chain.readContract({ address: deployment.vesting, abi: vestingAbi, functionName })
    expect({
      claimStart: await read('claimStart'),
      claimEnd: await read('claimEnd'),
      unlockStart: await read('unlockStart'),
      unlockEnd: await read('unlockEnd'),
    }).toEqual(expected)
    expect(
      await chain.readContract({ address: deployment.legacyClaim, abi: legacyClaimAbi, functionName: 'claimStart' }),
    ).toBe(expected.claimStart)
    expect(await chain.readContract({ address: deployment.vesting, abi: vestingAbi, functionName: 'owner' })).toBe(
      anvilAccount(0).address,
    )
    expect(await chain.getCode({ address: MULTICALL3_ADDRESS })).toMatch(/^0x[0-9a-f]{100,}$/)
  })

  it('leaves the chain at wall-clock time, inside the phase', async () => {
    const block = await chain.getBlock()
    const wallClock = BigInt(Math.floor(Date.now() / 1000))
    expect(deployment.seededAt).toBeGreaterThanOrEqual(now)
    expect(wallClock - block.timestamp).toBeLessThanOrEqual(2n)
    expect(block.timestamp - wallClock).toBeLessThanOrEqual(1n)
    const { claimStart, claimEnd, unlockStart, unlockEnd } = deployment.schedule
    const t = block.timestamp
    const inPhase: Record<Phase, boolean> = {
      before: t < claimStart,
      claim: claimStart <= t && t < claimEnd,
      locked: claimEnd <= t && t < unlockStart,
      unlocking: unlockStart <= t && t < unlockEnd,
      ended: unlockEnd <= t,
    }
    expect(inPhase[phase]).toBe(true)
  })

  it('gives every holder the expected position, legacy amount and wallet balance', async () => {
    const expected = expectedHolders(phase)
    expect(deployment.holders.map((holder) => holder.address)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((index) => anvilAccount(index).address),
    )
    for (const [index, holder] of expected) {
      const { address } = anvilAccount(index)
      const [amount, burn, unlocked] = await chain.readContract({
        address: deployment.vesting,
        abi: vestingAbi,
        functionName: 'claimByOwner',
        args: [address],
      })
      const legacy = await chain.readContract({
        address: deployment.legacyClaim,
        abi: legacyClaimAbi,
        functionName: 'claimByOwner',
        args: [address],
      })
      const balance = await chain.readContract({
        address: deployment.token,
        abi: demoTokenAbi,
        functionName: 'balanceOf',
        args: [address],
      })
      expect({ index, amount, burn, unlocked, legacy, balance }).toEqual({ index, ...holder })
    }
  })

  it('makes claimable exactly what has unlocked and was not taken yet', async () => {
    const blockNumber = await chain.getBlockNumber()
    const { timestamp } = await chain.getBlock({ blockNumber })
    const { unlockStart, unlockEnd } = deployment.schedule
    for (const [index, holder] of expectedHolders(phase)) {
      const vested =
        timestamp < unlockStart
          ? 0n
          : timestamp >= unlockEnd
            ? holder.amount
            : (holder.amount * (timestamp - unlockStart)) / (unlockEnd - unlockStart)
      const claimable = await chain.readContract({
        address: deployment.vesting,
        abi: vestingAbi,
        functionName: 'claimableAmount',
        args: [anvilAccount(index).address],
        blockNumber,
      })
      expect({ index, claimable }).toEqual({
        index,
        claimable: vested > holder.unlocked ? vested - holder.unlocked : 0n,
      })
    }
  })

  it('burns to the dead address and holds exactly what is still owed', async () => {
    const claimed = phase !== 'before'
    const burned = claimed ? nai('24000') : 0n
    expect(
      await chain.readContract({ address: deployment.vesting, abi: vestingAbi, functionName: 'totalBurned' }),
    ).toBe(burned)
    const balanceOf = (address: Address) =>
      chain.readContract({ address: deployment.token, abi: demoTokenAbi, functionName: 'balanceOf', args: [address] })
    expect(await balanceOf(DEAD)).toBe(burned)
    const owed = [...expectedHolders(phase).values()].reduce(
      (total, holder) => total + holder.amount - holder.unlocked,
      0n,
    )
    expect(await balanceOf(deployment.vesting)).toBe(owed)
    expect(await balanceOf(deployment.legacyClaim)).toBe(nai('12200.005'))
  })

  it('records the claims and unlocks it wrote into the past at their dates', () => {
    const { claimStart, unlockStart } = deployment.schedule
    const claims = [
      {
        kind: 'claimAndBurn',
        holder: anvilAccount(3).address,
        timestamp: claimStart + 6n * 3600n,
        amount: nai('24000'),
        received: nai('12000'),
        burned: nai('12000'),
      },
      {
        kind: 'claimAndBurn',
        holder: anvilAccount(7).address,
        timestamp: claimStart + 12n * 3600n,
        amount: nai('30000'),
        received: nai('18000'),
        burned: nai('12000'),
      },
    ]
    const partialUnlock = {
      kind: 'unlock',
      holder: anvilAccount(6).address,
      timestamp: unlockStart + 30n * day,
      amount: 9_863_013_698_630_136_986_301n,
    }
    const fullUnlock = {
      kind: 'unlock',
      holder: anvilAccount(2).address,
      timestamp: unlockStart + 365n * day + 6n * 3600n,
      amount: nai('40000'),
    }
    const expected: Record<Phase, object[]> = {
      before: [],
      claim: claims,
      locked: claims,
      unlocking: [...claims, partialUnlock],
      ended: [...claims, partialUnlock, fullUnlock],
    }
    expect(deployment.history).toEqual(expected[phase])
  })

  // One phase is enough to see the clock keep pace; it costs a few seconds of waiting.
  if (phase === 'claim') {
    it('keeps producing a block every second at wall-clock time once seeded', async () => {
      const first = await chain.getBlock()
      await new Promise((resolve) => setTimeout(resolve, 3_500))
      const later = await chain.getBlock()
      const wallClock = BigInt(Math.floor(Date.now() / 1000))
      expect(later.number - first.number).toBeGreaterThanOrEqual(2n)
      expect(wallClock - later.timestamp).toBeLessThanOrEqual(2n)
      expect(later.timestamp - wallClock).toBeLessThanOrEqual(1n)
    })
  }
})

describe('anvil accounts', () => {
  it('are the accounts anvil unlocks, in order', async () => {
    const anvil = await startAnvil()
    try {
      const accounts = await createWalletClient({ transport: http(anvil.rpcUrl) }).getAddresses()
      expect(accounts).toEqual(ANVIL_ACCOUNTS)
    } finally {
      await anvil.stop()
    }
  })
})
