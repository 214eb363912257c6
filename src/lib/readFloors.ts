import { useSyncExternalStore } from 'react'
import { type BlockMark, floorKey, raisedFloor } from '../domain/readFloor'
import { STORED_KEYS } from '../domain/storedKeys'
import { localStorageStore } from './store'

export { floorKey }

/**
 * The floors of the holders this device has shown (see `domain/readFloor`), kept in localStorage beside the figures:
 * a reload must not show figures older than those it showed before. One per holder, chain and deployment.
 */

type Entry = { block: string; time?: string; at: number }

/** The floors of the holders seen most recently; older ones are dropped (a watch list can grow). */
const MAX_ENTRIES = 32

const DIGITS = /^\d+$/

function isEntry(value: unknown): value is Entry {
  if (typeof value !== 'object' || value === null) return false
  const { block, time, at } = value as Record<string, unknown>
  return (
    typeof block === 'string' &&
    DIGITS.test(block) &&
    (time === undefined || (typeof time === 'string' && DIGITS.test(time))) &&
    typeof at === 'number' &&
    Number.isFinite(at)
  )
}

function parse(raw: string): Record<string, Entry> | undefined {
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
    const entries = Object.entries(value as Record<string, unknown>)
    return entries.every(([, entry]) => isEntry(entry))
      ? (Object.fromEntries(entries) as Record<string, Entry>)
      : undefined
  } catch {
    // A corrupt record is dropped: the next answer starts a new floor.
    return undefined
  }
}

const EMPTY: Record<string, Entry> = {}

const floors = localStorageStore<Record<string, Entry>>(STORED_KEYS.readFloors, {
  parse,
  serialize: (value) => JSON.stringify(value),
  empty: EMPTY,
})

const toMark = (entry: Entry | undefined): BlockMark | undefined =>
  entry && { block: BigInt(entry.block), ...(entry.time === undefined ? {} : { time: BigInt(entry.time) }) }

/** The block the figures shown for `key` come from, or must come from after a write; `undefined` when none. */
export function readFloor(key: string): BlockMark | undefined {
  return toMark(floors.get()[key])
}

function write(key: string, mark: BlockMark): void {
  const entry: Entry = {
    block: mark.block.toString(),
    ...(mark.time === undefined ? {} : { time: mark.time.toString() }),
    at: Date.now(),
  }
  const kept = Object.entries({ ...floors.get(), [key]: entry })
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_ENTRIES)
  floors.set(Object.fromEntries(kept))
}

/** Raises the floor of `key` to `mark` (figures shown from there, or a write confirmed there); a lower one is kept. */
export function raiseFloor(key: string, mark: BlockMark): void {
  const current = readFloor(key)
  const next = raisedFloor(current, mark)
  if (next !== current) write(key, next)
}

/** Replaces the floor of `key` with `mark`: the one kept was from another history of the chain. */
export function resetFloor(key: string, mark: BlockMark): void {
  write(key, mark)
}

/**
 * The highest block the page has seen on chain `chainId`, for any holder: where a write's record starts looking for
 * its events when a fresh read of the chain's head fails.
 */
export function lastSeenBlock(chainId: number): bigint | undefined {
  let highest: bigint | undefined
  for (const [key, entry] of Object.entries(floors.get())) {
    if (!key.startsWith(`${chainId}:`)) continue
    const block = BigInt(entry.block)
    if (highest === undefined || block > highest) highest = block
  }
  return highest
}

/**
 * Whether the floor of `key` is above `block` (the figures shown are older than a confirmed write), re-rendering only
 * when that changes.
 */
export function useFloorAbove(key: string | undefined, block: bigint | undefined): boolean {
  return useSyncExternalStore(floors.subscribe, () => {
    if (key === undefined || block === undefined) return false
    const floor = readFloor(key)
    return floor !== undefined && floor.block > block
  })
}

/**
 * The endpoints kept answering from a block below the floor: the figures shown stay, and the read is asked again later
 * (a busy retry, see `isEndpointFailure`).
 */
export class AnswerBehindError extends Error {
  override name = 'AnswerBehindError'
  constructor(
    readonly answered: bigint,
    readonly floor: bigint,
  ) {
    super(`The network answered from block ${answered}, before block ${floor} of the figures shown.`)
  }
}
