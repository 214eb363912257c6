import { formatTokens } from '../../domain/format'
import { hasPosition } from '../../domain/position'
import { nextPhaseStart, type Phase, phaseAt, type Schedule } from '../../domain/schedule'
import { QUERY_CACHE_MAX_AGE_MS, STORED_KEYS } from '../../domain/storedKeys'

/** A returning holder's position as the persisted cache last saw it: what the page shows before the app runs. */
export type Glance = { amount: string; schedule: Schedule }

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * Whose figures the app is about to show, as far as the page can tell without the wallet: the address a link asks
 * to watch, else the last connected wallet's, else the address saved most recently on the device.
 */
export function glanceHolder(search: string, storage: Storage): string | undefined {
  const param = new URLSearchParams(search).get('address')?.trim()
  if (param && ADDRESS.test(param)) return param
  const last = storage.getItem(STORED_KEYS.lastHolder)
  if (last && ADDRESS.test(last)) return last
  try {
    const saved: unknown = JSON.parse(storage.getItem(STORED_KEYS.watchedAddresses) ?? '[]')
    const [first] = Array.isArray(saved) ? saved : []
    return typeof first === 'string' && ADDRESS.test(first) ? first : undefined
  } catch {
    return undefined
  }
}

type Call = { address?: unknown; functionName?: unknown; args?: unknown }
type StoredQuery = { queryKey?: unknown; state?: { data?: unknown } }

const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase()

/** The stored cache as the app's serializer wrote it (BigInts tagged), or `undefined` when it cannot be read. */
function readStored(storage: Storage): { buster?: unknown; timestamp?: unknown; queries: StoredQuery[] } | undefined {
  try {
    const raw = storage.getItem(STORED_KEYS.queryCache)
    if (raw === null) return undefined
    const stored: unknown = JSON.parse(raw, (_, value: unknown) =>
      typeof value === 'object' &&
      value !== null &&
      (value as { __type?: unknown }).__type === 'bigint' &&
      typeof (value as { value?: unknown }).value === 'string'
        ? BigInt((value as { value: string }).value)
        : value,
    )
    if (typeof stored !== 'object' || stored === null) return undefined
    const { buster, timestamp, clientState } = stored as {
      buster?: unknown
      timestamp?: unknown
      clientState?: unknown
    }
    const queries = (clientState as { queries?: unknown } | undefined)?.queries
    return Array.isArray(queries) ? { buster, timestamp, queries } : undefined
  } catch {
    return undefined
  }
}

/**
 * The holder's position and the schedule from the stored cache, found by what each stored read asked (never by its
 * place in the list), for this build and deployment only and no older than the app would show it; `null` when there
 * is nothing to show (no cache, another deployment, no position).
 */
export function readGlance(options: {
  storage: Storage
  holder: string
  buster: string
  vesting: string
  now: number
}): Glance | null {
  const stored = readStored(options.storage)
  if (!stored || stored.buster !== options.buster || typeof stored.timestamp !== 'number') return null
  if (options.now - stored.timestamp > QUERY_CACHE_MAX_AGE_MS || stored.timestamp > options.now) return null
  for (const query of stored.queries) {
    const key = Array.isArray(query.queryKey) ? query.queryKey : []
    const calls = (key[1] as { contracts?: unknown } | undefined)?.contracts
    const data = query.state?.data
    if (key[0] !== 'readContracts' || !Array.isArray(calls) || !Array.isArray(data)) continue
    const find = (functionName: string, address?: string) =>
      (calls as Call[]).findIndex(
        (call) => call.functionName === functionName && (address === undefined || same(call.address, address)),
      )
    const position = (calls as Call[]).findIndex(
      (call) =>
        call.functionName === 'claimByOwner' &&
        same(call.address, options.vesting) &&
        Array.isArray(call.args) &&
        same(call.args[0], options.holder),
    )
    if (position < 0) continue
    const [amount, burnPercentage, unlockedAmount] = Array.isArray(data[position]) ? data[position] : []
    const symbol = data[find('symbol')]
    const decimals = data[find('decimals')]
    const [claimStart, claimEnd, unlockStart, unlockEnd] = ['claimStart', 'claimEnd', 'unlockStart', 'unlockEnd'].map(
      (name) => data[find(name, options.vesting)],
    )
    const isBigInt = (value: unknown): value is bigint => typeof value === 'bigint'
    if (
      !isBigInt(amount) ||
      !isBigInt(burnPercentage) ||
      !isBigInt(unlockedAmount) ||
      !isBigInt(claimStart) ||
      !isBigInt(claimEnd) ||
      !isBigInt(unlockStart) ||
      !isBigInt(unlockEnd) ||
      typeof symbol !== 'string' ||
      typeof decimals !== 'number'
    ) {
      return null
    }
    if (!hasPosition({ amount, burnPercentage, unlockedAmount })) return null
    return {
      amount: formatTokens(amount, decimals, symbol),
      schedule: { claimStart, claimEnd, unlockStart, unlockEnd },
    }
  }
  return null
}

/**
 * What the glance's countdown counts down to at `now`, and the phase it ends (which names it); `null` once everything
 * has unlocked.
 */
export function glanceCountdown(
  schedule: Schedule,
  now: bigint,
): { phase: Exclude<Phase, 'ended'>; to: bigint } | null {
  const phase = phaseAt(schedule, now)
  const to = nextPhaseStart(schedule, now)
  return phase === 'ended' || to === undefined ? null : { phase, to }
}
