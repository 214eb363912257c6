import { type Address, getAddress } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STORED_KEYS } from '../domain/storedKeys'
import { floorKey, lastSeenBlock, raiseFloor, readFloor, resetFloor } from './readFloors'
import { memoryStorage } from './storageFallback'

const DEPLOYMENT = {
  chainId: 31337,
  vestingAddress: getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3'),
  legacyAddress: getAddress('0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'),
}
const HOLDER = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')
const OTHER = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')
const KEY = floorKey(DEPLOYMENT, HOLDER)

/** The `index`-th of many holders. */
const holderNumber = (index: number): Address => `0x${(index + 1).toString(16).padStart(40, '0')}`

let storage: Storage

beforeEach(() => {
  storage = memoryStorage()
  vi.stubGlobal('localStorage', storage)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('the stored read floors', () => {
  it('has no floor for a holder never shown', () => {
    expect(readFloor(KEY)).toBeUndefined()
    expect(lastSeenBlock(DEPLOYMENT.chainId)).toBeUndefined()
  })

  it('raises a floor to a higher mark and keeps it against a lower one, in localStorage', () => {
    raiseFloor(KEY, { block: 10n, time: 100n })
    raiseFloor(KEY, { block: 8n, time: 90n })
    expect(readFloor(KEY)).toEqual({ block: 10n, time: 100n })
    // A confirmed write (no time) above the floor raises it.
    raiseFloor(KEY, { block: 12n })
    expect(readFloor(KEY)).toEqual({ block: 12n })
    // Then the read of that block gives it its time.
    raiseFloor(KEY, { block: 12n, time: 124n })
    expect(readFloor(KEY)).toEqual({ block: 12n, time: 124n })
    const stored: unknown = JSON.parse(storage.getItem(STORED_KEYS.readFloors) ?? 'null')
    expect(stored).toEqual({ [KEY]: { block: '12', time: '124', at: expect.any(Number) } })
  })

  it('resets a floor to a lower mark: the one kept was from another history of the chain', () => {
    raiseFloor(KEY, { block: 5_000n, time: 900n })
    resetFloor(KEY, { block: 3n, time: 950n })
    expect(readFloor(KEY)).toEqual({ block: 3n, time: 950n })
  })

  it.each([
    ['text that is not JSON', '{"not json'],
    ['an array', '[1, 2]'],
    ['a block that is not digits', JSON.stringify({ [KEY]: { block: '0x10', at: 1 } })],
    ['a time that is not digits', JSON.stringify({ [KEY]: { block: '16', time: -1, at: 1 } })],
    ['an entry without its date', JSON.stringify({ [KEY]: { block: '16' } })],
  ])('drops %s without failing: no floor, and the next answer starts a new one', (_, corrupt) => {
    storage.setItem(STORED_KEYS.readFloors, corrupt)
    expect(readFloor(KEY)).toBeUndefined()
    expect(lastSeenBlock(DEPLOYMENT.chainId)).toBeUndefined()
    expect(storage.getItem(STORED_KEYS.readFloors)).toBeNull()
    raiseFloor(KEY, { block: 7n, time: 70n })
    expect(readFloor(KEY)).toEqual({ block: 7n, time: 70n })
  })

  it('reads a floor another tab stored: the store follows localStorage, not a copy of it', () => {
    raiseFloor(KEY, { block: 10n, time: 100n })
    storage.setItem(STORED_KEYS.readFloors, JSON.stringify({ [KEY]: { block: '20', time: '200', at: Date.now() } }))
    expect(readFloor(KEY)).toEqual({ block: 20n, time: 200n })
  })

  it("gives the highest block seen on a chain, over that chain's holders only", () => {
    raiseFloor(floorKey(DEPLOYMENT, HOLDER), { block: 40n, time: 1n })
    raiseFloor(floorKey(DEPLOYMENT, OTHER), { block: 55n, time: 2n })
    // Another deployment on the same chain counts too: it is the same chain's blocks.
    raiseFloor(floorKey({ ...DEPLOYMENT, vestingAddress: OTHER }, HOLDER), { block: 50n })
    // Chain 1's blocks are far higher, and chain 11's key starts with "1" as well: neither is chain 31337's.
    raiseFloor(floorKey({ ...DEPLOYMENT, chainId: 1 }, HOLDER), { block: 20_000_000n, time: 3n })
    raiseFloor(floorKey({ ...DEPLOYMENT, chainId: 11 }, HOLDER), { block: 7n, time: 3n })
    expect(lastSeenBlock(31337)).toBe(55n)
    expect(lastSeenBlock(1)).toBe(20_000_000n)
    expect(lastSeenBlock(11)).toBe(7n)
    expect(lastSeenBlock(43114)).toBeUndefined()
  })

  it('keys a floor by chain, deployment and holder, whatever the case of the addresses', () => {
    const lower = {
      chainId: DEPLOYMENT.chainId,
      vestingAddress: DEPLOYMENT.vestingAddress.toLowerCase() as Address,
      legacyAddress: DEPLOYMENT.legacyAddress.toLowerCase() as Address,
    }
    expect(floorKey(lower, HOLDER.toLowerCase() as Address)).toBe(KEY)
    expect(KEY).toBe(`31337:${DEPLOYMENT.vestingAddress}:${DEPLOYMENT.legacyAddress}:${HOLDER}`.toLowerCase())
    raiseFloor(floorKey(lower, HOLDER.toLowerCase() as Address), { block: 9n, time: 90n })
    expect(readFloor(KEY)).toEqual({ block: 9n, time: 90n })
    // Another holder, chain or deployment has its own floor.
    expect(readFloor(floorKey(DEPLOYMENT, OTHER))).toBeUndefined()
    expect(readFloor(floorKey({ ...DEPLOYMENT, chainId: 43114 }, HOLDER))).toBeUndefined()
    expect(readFloor(floorKey({ ...DEPLOYMENT, legacyAddress: OTHER }, HOLDER))).toBeUndefined()
  })

  it('keeps the 32 holders written most recently: the oldest is dropped', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(1_000_000)
    const keys = Array.from({ length: 33 }, (_, index) => floorKey(DEPLOYMENT, holderNumber(index)))
    for (const [index, key] of keys.slice(0, 32).entries()) {
      vi.setSystemTime(1_000_000 + index)
      raiseFloor(key, { block: BigInt(100 + index), time: 1n })
    }
    // The first holder is shown again, higher: written last, it is now the most recent.
    vi.setSystemTime(2_000_000)
    raiseFloor(keys[0] as string, { block: 500n, time: 2n })
    vi.setSystemTime(2_000_001)
    raiseFloor(keys[32] as string, { block: 600n, time: 3n })

    const stored = JSON.parse(storage.getItem(STORED_KEYS.readFloors) ?? '{}') as Record<string, unknown>
    expect(Object.keys(stored)).toHaveLength(32)
    expect(readFloor(keys[1] as string)).toBeUndefined()
    expect(readFloor(keys[0] as string)).toEqual({ block: 500n, time: 2n })
    expect(readFloor(keys[2] as string)).toEqual({ block: 102n, time: 1n })
    expect(readFloor(keys[32] as string)).toEqual({ block: 600n, time: 3n })
  })
})
