import { readContractsQueryKey } from '@wagmi/core/query'
import { describe, expect, it } from 'vitest'
import { serialize } from 'wagmi'
import { QUERY_CACHE_MAX_AGE_MS, STORED_KEYS } from '../../domain/storedKeys'
import { legacyClaimAbi, vestingAbi } from '../../generated'
import { glanceCountdown, glanceHolder, readGlance } from './glance'

const VESTING = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const LEGACY = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const BUSTER = '1.0.0:31337:vesting:legacy'
const NOW = 1_731_000_000_000
const schedule = { claimStart: 1730314800n, claimEnd: 1731524400n, unlockStart: 1769972400n, unlockEnd: 1801508400n }
const erc20 = [
  { type: 'function', name: 'symbol', inputs: [], outputs: [{ type: 'string' }], stateMutability: 'view' },
  { type: 'function', name: 'decimals', inputs: [], outputs: [{ type: 'uint8' }], stateMutability: 'view' },
] as const

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries))
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  }
}

/**
 * The holder's read as the app stores it: wagmi's query key for the calls and their results, serialized with wagmi's
 * serializer. The calls go in reverse order, so that only what each asks can find it.
 */
function holdingsQuery(holder: string, position: readonly [bigint, bigint, bigint]) {
  const pairs = [
    [{ address: VESTING, abi: vestingAbi, functionName: 'claimByOwner', args: [holder] }, position],
    [{ address: LEGACY, abi: legacyClaimAbi, functionName: 'claimByOwner', args: [holder] }, 50n * 10n ** 18n],
    [{ address: TOKEN, abi: erc20, functionName: 'symbol' }, 'NAI'],
    [{ address: TOKEN, abi: erc20, functionName: 'decimals' }, 18],
    [{ address: VESTING, abi: vestingAbi, functionName: 'claimStart' }, schedule.claimStart],
    [{ address: VESTING, abi: vestingAbi, functionName: 'claimEnd' }, schedule.claimEnd],
    [{ address: VESTING, abi: vestingAbi, functionName: 'unlockStart' }, schedule.unlockStart],
    [{ address: VESTING, abi: vestingAbi, functionName: 'unlockEnd' }, schedule.unlockEnd],
    [{ address: LEGACY, abi: legacyClaimAbi, functionName: 'claimStart' }, 1n],
  ] as const
  const reversed = [...pairs].reverse()
  return {
    queryKey: readContractsQueryKey({ contracts: reversed.map(([call]) => call) as never, chainId: 31337 }),
    state: { data: reversed.map(([, result]) => result) },
  }
}

function storedCache(queries: unknown[], { buster = BUSTER, timestamp = NOW - 60_000 } = {}): Storage {
  return memoryStorage({ [STORED_KEYS.queryCache]: serialize({ buster, timestamp, clientState: { queries } }) })
}

const glanceOf = (storage: Storage, holder = ALICE, now = NOW) =>
  readGlance({ storage, holder, buster: BUSTER, vesting: VESTING, now })

const thousand = [1000n * 10n ** 18n, 25n * 10n ** 16n, 0n] as const

describe('readGlance', () => {
  it('finds the holder’s position and the schedule in the stored cache, by what each read asked', () => {
    const storage = storedCache([holdingsQuery(BOB, [5n * 10n ** 18n, 0n, 0n]), holdingsQuery(ALICE, thousand)])
    expect(glanceOf(storage)).toEqual({ amount: '1,000 NAI', schedule })
    expect(glanceOf(storage, BOB.toLowerCase())).toEqual({ amount: '5 NAI', schedule })
  })

  it('shows nothing for another holder, another build, a cache older than a day or from the future', () => {
    expect(glanceOf(storedCache([holdingsQuery(BOB, thousand)]))).toBeNull()
    expect(glanceOf(storedCache([holdingsQuery(ALICE, thousand)], { buster: 'other' }))).toBeNull()
    const old = NOW - QUERY_CACHE_MAX_AGE_MS - 1
    expect(glanceOf(storedCache([holdingsQuery(ALICE, thousand)], { timestamp: old }))).toBeNull()
    expect(glanceOf(storedCache([holdingsQuery(ALICE, thousand)], { timestamp: NOW + 1 }))).toBeNull()
  })

  it('shows nothing for a holder with no position, an empty device or a corrupt cache', () => {
    expect(glanceOf(storedCache([holdingsQuery(ALICE, [0n, 0n, 0n])]))).toBeNull()
    expect(glanceOf(memoryStorage())).toBeNull()
    expect(glanceOf(memoryStorage({ [STORED_KEYS.queryCache]: '{"buster":' }))).toBeNull()
    expect(glanceOf(memoryStorage({ [STORED_KEYS.queryCache]: 'null' }))).toBeNull()
  })

  it('still shows a holder who has unlocked part of the position', () => {
    const storage = storedCache([holdingsQuery(ALICE, [750n * 10n ** 18n, 0n, 250n * 10n ** 18n])])
    expect(glanceOf(storage)?.amount).toBe('750 NAI')
  })
})

describe('glanceHolder', () => {
  const storage = memoryStorage({ 'nai.lastHolder': ALICE, 'nai.watchedAddresses': JSON.stringify([BOB]) })

  it('takes the link’s address first, then the last connected wallet, then the saved address', () => {
    expect(glanceHolder(`?address=${BOB}`, storage)).toBe(BOB)
    expect(glanceHolder('?address=0x1234', storage)).toBe(ALICE)
    expect(glanceHolder('', storage)).toBe(ALICE)
    expect(glanceHolder('', memoryStorage({ 'nai.watchedAddresses': JSON.stringify([BOB, ALICE]) }))).toBe(BOB)
    expect(glanceHolder('', memoryStorage({ 'nai.watchedAddresses': 'not json' }))).toBeUndefined()
    expect(glanceHolder('', memoryStorage())).toBeUndefined()
  })
})

describe('glanceCountdown', () => {
  it('counts down to the end of the current phase, named by it, and stops once everything has unlocked', () => {
    expect(glanceCountdown(schedule, schedule.claimStart - 1n)).toEqual({ phase: 'before', to: schedule.claimStart })
    expect(glanceCountdown(schedule, schedule.claimStart)).toEqual({ phase: 'claim', to: schedule.claimEnd })
    expect(glanceCountdown(schedule, schedule.claimEnd)).toEqual({ phase: 'locked', to: schedule.unlockStart })
    expect(glanceCountdown(schedule, schedule.unlockStart)).toEqual({ phase: 'unlocking', to: schedule.unlockEnd })
    expect(glanceCountdown(schedule, schedule.unlockEnd)).toBeNull()
  })
})
