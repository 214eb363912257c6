import { formatTokens } from '../../domain/format'
import { hasPosition } from '../../domain/position'
import type { Schedule } from '../../domain/schedule'
import { holderRpcKey, STORED_KEYS } from '../../domain/storedKeys'
import { leaveFirstRead } from '../../lib/firstReadHandoff'
import type { Glance } from './glance'

/**
 * The holder's multicall, sent by the shell script as the page opens instead of by the app once its code has run (on
 * a slow phone, most of a second later): its answer shows the position before the app starts, and the app's own
 * first read takes that answer instead of asking again, so a load still makes one read.
 */

/** What the build writes into the page so that the shell script can send the app's first read itself. */
export type FirstReadSpec = {
  /** The build's endpoints, in the app's order; the holder's own endpoint, when set, goes first, as in the app. */
  urls: string[]
  chainId: number
  /** The `eth_call` parameters the app sends for the holder whose address (lowercase, no `0x`) is `placeholder`. */
  params: unknown[]
  placeholder: string
  /** The key of the holder's read floor on the device, for the holder `placeholder`. */
  floorKey: string
  /** Where the multicall's results hold each figure the page shows before the app. */
  at: {
    position: number
    symbol: number
    decimals: number
    blockNumber: number
    claimStart: number
    claimEnd: number
    unlockStart: number
    unlockEnd: number
  }
}

/** How long the shell script waits for the answer, as long as the app waits for any endpoint. */
const TIMEOUT_MS = 5_000

const HEX = /^0x(?:[0-9a-f]{2})*$/i

/** The spec the build wrote into the page, or `undefined` when it wrote none or it cannot be read. */
export function readFirstReadSpec(text: string | undefined): FirstReadSpec | undefined {
  if (!text) return undefined
  try {
    const spec = JSON.parse(text) as FirstReadSpec
    return Array.isArray(spec.params) && Array.isArray(spec.urls) && typeof spec.placeholder === 'string'
      ? spec
      : undefined
  } catch {
    return undefined
  }
}

/** The read's `eth_call` parameters for `holder`. */
export function firstReadParams(spec: FirstReadSpec, holder: string): unknown[] {
  const address = holder.slice(2).toLowerCase()
  return JSON.parse(JSON.stringify(spec.params).replaceAll(spec.placeholder, address)) as unknown[]
}

/** The endpoint the app would ask first: the holder's own, when the device keeps a valid one, else the build's first. */
function firstEndpoint(spec: FirstReadSpec, storage: Storage): string | undefined {
  const own = storage.getItem(holderRpcKey(spec.chainId))
  try {
    if (own && ['https:', 'http:'].includes(new URL(own).protocol)) return own
  } catch {
    // Not a URL: the app ignores it too.
  }
  return spec.urls[0]
}

/**
 * Sends `holder`'s multicall to the first endpoint and leaves it for the app's transport to take; resolves with the
 * answer's result, or `undefined` when the endpoint failed, refused or did not answer in time (the app then sends
 * the read itself, through every endpoint).
 */
export function sendFirstRead(
  spec: FirstReadSpec,
  holder: string,
  storage: Storage,
  fetchFn: typeof fetch = fetch,
): Promise<string | undefined> {
  const params = firstReadParams(spec, holder)
  const url = firstEndpoint(spec, storage)
  const answer = (async () => {
    if (!url) return undefined
    try {
      const response = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      const body: unknown = response.ok ? await response.json() : undefined
      const result = (body as { result?: unknown } | undefined)?.result
      return typeof result === 'string' && HEX.test(result) ? result : undefined
    } catch {
      return undefined
    }
  })()
  leaveFirstRead(params, answer)
  return answer
}

/** Reads the `index`-th 32-byte word of `data` (hex, no `0x`) as a number of bytes; `undefined` past the end. */
function offsetAt(data: string, index: number): number | undefined {
  const word = data.slice(index, index + 64)
  if (word.length !== 64) return undefined
  const value = BigInt(`0x${word}`)
  return value > BigInt(data.length) ? undefined : Number(value)
}

/**
 * The return data of each call in an `aggregate3` answer, ABI-encoded as `(bool success, bytes returnData)[]`; a
 * failed call's is `undefined`. `undefined` when the answer is not such an encoding.
 */
export function aggregate3Results(result: string): (string | undefined)[] | undefined {
  const data = result.slice(2)
  const array = offsetAt(data, 0)
  if (array === undefined) return undefined
  const count = offsetAt(data, array * 2)
  if (count === undefined) return undefined
  const heads = array * 2 + 64
  const results: (string | undefined)[] = []
  for (let index = 0; index < count; index++) {
    const head = offsetAt(data, heads + index * 64)
    if (head === undefined) return undefined
    const tuple = heads + head * 2
    const success = offsetAt(data, tuple)
    const bytes = offsetAt(data, tuple + 64)
    if (success === undefined || bytes === undefined) return undefined
    const start = tuple + bytes * 2
    const length = offsetAt(data, start)
    if (length === undefined || data.length < start + 64 + length * 2) return undefined
    results.push(success === 1 ? data.slice(start + 64, start + 64 + length * 2) : undefined)
  }
  return results
}

/** The `index`-th 32-byte word of a call's return data as an unsigned number. */
function uintAt(data: string | undefined, index = 0): bigint | undefined {
  const word = data?.slice(index * 64, index * 64 + 64)
  return word?.length === 64 ? BigInt(`0x${word}`) : undefined
}

/** A call's return data decoded as one ABI `string`. */
function stringOf(data: string | undefined): string | undefined {
  const offset = uintAt(data)
  if (data === undefined || offset === undefined || offset % 32n !== 0n) return undefined
  const length = uintAt(data, Number(offset / 32n))
  const start = Number(offset) * 2 + 64
  if (length === undefined || data.length < start + Number(length) * 2) return undefined
  const bytes = data.slice(start, start + Number(length) * 2).match(/../g) ?? []
  return new TextDecoder().decode(new Uint8Array(bytes.map((byte) => Number.parseInt(byte, 16))))
}

/** The block of the figures the device last showed for the holder whose floor is `key`, when it keeps one. */
function floorBlock(storage: Storage, key: string): bigint | undefined {
  try {
    const floors = JSON.parse(storage.getItem(STORED_KEYS.readFloors) ?? '{}') as Record<string, { block?: unknown }>
    const block = floors[key]?.block
    return typeof block === 'string' && /^\d+$/.test(block) ? BigInt(block) : undefined
  } catch {
    return undefined
  }
}

/**
 * What the page shows before the app from the read's answer: `holder`'s position and the schedule; `null` when
 * there is nothing to show (no position, an answer that cannot be read, or one from a block below the figures the
 * device showed before).
 */
export function glanceOfAnswer(spec: FirstReadSpec, holder: string, result: string, storage: Storage): Glance | null {
  const results = aggregate3Results(result)
  if (!results) return null
  const { at } = spec
  const position = results[at.position]
  const [amount, burnPercentage, unlockedAmount] = [0, 1, 2].map((word) => uintAt(position, word))
  const symbol = stringOf(results[at.symbol])
  const decimals = uintAt(results[at.decimals])
  const block = uintAt(results[at.blockNumber])
  const schedule = {
    claimStart: uintAt(results[at.claimStart]),
    claimEnd: uintAt(results[at.claimEnd]),
    unlockStart: uintAt(results[at.unlockStart]),
    unlockEnd: uintAt(results[at.unlockEnd]),
  }
  if (
    amount === undefined ||
    burnPercentage === undefined ||
    unlockedAmount === undefined ||
    symbol === undefined ||
    decimals === undefined ||
    decimals > 255n ||
    block === undefined ||
    Object.values(schedule).some((value) => value === undefined)
  ) {
    return null
  }
  const floor = floorBlock(storage, spec.floorKey.replaceAll(spec.placeholder, holder.slice(2).toLowerCase()))
  if (floor !== undefined && block < floor) return null
  if (!hasPosition({ amount, burnPercentage, unlockedAmount })) return null
  return { amount: formatTokens(amount, Number(decimals), symbol), schedule: schedule as Schedule }
}
