import {
  type Address,
  BaseError,
  type Chain,
  type Client,
  encodeEventTopics,
  type Hash,
  HttpRequestError,
  type Log,
  pad,
  parseEventLogs,
  TimeoutError,
  type Transport,
  toEventSelector,
} from 'viem'
import { inLogRanges } from '../../domain/logRanges'
import { legacyClaimAbi, vestingAbi } from '../../generated'
import { isEndpointFailure } from '../../lib/errors'
import { retryDelay } from '../../lib/retry'

/** One event of a holder's history on the two contracts, amounts in the token's smallest unit. */
export type HistoryEntry = {
  kind: 'allocation' | 'claimAndBurn' | 'unlock' | 'transferOut' | 'transferIn' | 'legacyAllocation' | 'legacyClaim'
  blockNumber: bigint
  logIndex: number
  /** Block time, epoch seconds. */
  timestamp: bigint
  transactionHash: Hash
  /** Allocated, claimed (before the burn), unlocked, moved, or paid by the legacy contract. */
  amount: bigint
  received?: bigint
  burned?: bigint
  burnPercentage?: bigint
  /** The other side of a locked transfer. */
  counterparty?: Address
  /** The share of what was already unlocked that a locked transfer moved. */
  unlockedShareMoved?: bigint
}

export type HistoryProgress = { scannedBlocks: bigint; totalBlocks: bigint }

/** The RPC would not serve the contracts' old events, even one block at a time. */
export class HistoryRefusedError extends Error {}
/** The RPC could not be reached. */
export class HistoryOfflineError extends Error {}

type ReadOptions = {
  vesting: Address
  legacy: Address
  holder: Address
  fromBlock: bigint
  /** The widest block range asked for in one `eth_getLogs`; narrower while the RPC refuses it. */
  maxRange: bigint
  onProgress?: (progress: HistoryProgress) => void
}

type RawLog = Log<bigint, number, false>

/** The events whose first indexed argument is the holder, on both contracts. */
const HOLDER_TOPICS = [
  toEventSelector(eventOf(vestingAbi, 'ClaimAdded')),
  toEventSelector(eventOf(vestingAbi, 'ClaimedAndBurned')),
  toEventSelector(eventOf(vestingAbi, 'Unlocked')),
  toEventSelector(eventOf(vestingAbi, 'LockedTransferred')),
  toEventSelector(eventOf(legacyClaimAbi, 'ClaimAdded')),
  toEventSelector(eventOf(legacyClaimAbi, 'Claimed')),
]

function eventOf<const abi extends readonly { type: string; name?: string }[]>(abi: abi, name: string) {
  const item = abi.find((entry) => entry.type === 'event' && entry.name === name)
  if (!item) throw new Error(`The ABI has no event ${name}.`)
  return item as Extract<abi[number], { type: 'event' }>
}

/**
 * Reads every event of `holder` on the vesting and legacy contracts, from `fromBlock` to the latest block, in block
 * ranges the RPC accepts ({@link inLogRanges}). Public RPCs cap `eth_getLogs` ranges (a few thousand blocks) and some
 * refuse old blocks altogether; the first case is absorbed, the second ends in {@link HistoryRefusedError} with the
 * node's own words.
 */
export async function readHolderHistory(
  client: Client<Transport, Chain | undefined>,
  { vesting, legacy, holder, fromBlock, maxRange, onProgress }: ReadOptions,
): Promise<HistoryEntry[]> {
  // Plain requests rather than viem's actions: this chunk then shares no modules with the page's first chunk.
  const latest = BigInt(await guarded(() => client.request({ method: 'eth_blockNumber' })))
  const totalBlocks = latest >= fromBlock ? latest - fromBlock + 1n : 0n
  const holderTopic = pad(holder.toLowerCase() as Address)
  const [transferTopic] = encodeEventTopics({ abi: vestingAbi, eventName: 'LockedTransferred' })
  onProgress?.({ scannedBlocks: 0n, totalBlocks })
  const read = (start: bigint, end: bigint) => {
    const window = { fromBlock: `0x${start.toString(16)}`, toBlock: `0x${end.toString(16)}` } as const
    return guarded(() =>
      Promise.all([
        getLogs(client, { ...window, address: [vesting, legacy], topics: [HOLDER_TOPICS, holderTopic] }),
        getLogs(client, { ...window, address: vesting, topics: [transferTopic ?? null, null, holderTopic] }),
      ]),
    ).then((found) => found.flat())
  }
  let logs: RawLog[]
  try {
    logs = await inLogRanges({
      from: fromBlock,
      to: latest,
      maxRange,
      fetch: read,
      isFinal: (failure) => failure instanceof HistoryOfflineError,
      onRead: (end) => onProgress?.({ scannedBlocks: end - fromBlock + 1n, totalBlocks }),
    })
  } catch (failure) {
    if (failure instanceof HistoryOfflineError) throw failure
    throw new HistoryRefusedError(nodeMessage(failure))
  }
  return entriesOf(client, dedupe(logs), { vesting, legacy, holder })
}

type LogFilter = {
  fromBlock: `0x${string}`
  toBlock: `0x${string}`
  address: Address | Address[]
  topics: (Hash | Hash[] | null)[]
}

async function getLogs(client: Client<Transport, Chain | undefined>, filter: LogFilter): Promise<RawLog[]> {
  const logs = await client.request({ method: 'eth_getLogs', params: [filter] })
  return logs.map((log) => ({
    ...log,
    blockNumber: BigInt(log.blockNumber ?? 0),
    logIndex: Number(log.logIndex ?? 0),
    transactionIndex: Number(log.transactionIndex ?? 0),
  })) as RawLog[]
}

/** How many times a read refused by a busy endpoint (an HTTP error status) is sent again before its range narrows. */
const BUSY_RETRIES = 2

/**
 * Runs an RPC call, turning an unreachable network into {@link HistoryOfflineError}. A busy endpoint (an HTTP error
 * status) is not that: the call is sent again after the page's jittered wait, and then a narrower range may pass.
 */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  for (let failures = 1; ; failures++) {
    try {
      return await call()
    } catch (failure) {
      const unreachable =
        failure instanceof TimeoutError ||
        failure instanceof TypeError ||
        (failure instanceof HttpRequestError && failure.status === undefined)
      if (unreachable) throw new HistoryOfflineError('The network could not be reached.')
      if (failures > BUSY_RETRIES || !isEndpointFailure(failure)) throw failure
      await new Promise((resolve) => setTimeout(resolve, retryDelay(failures, failure)))
    }
  }
}

function nodeMessage(failure: unknown): string {
  if (failure instanceof BaseError) return failure.details || failure.shortMessage
  return failure instanceof Error ? failure.message : String(failure)
}

/** A transfer from the holder to themselves would be found by both queries. */
function dedupe(logs: RawLog[]): RawLog[] {
  const seen = new Set<string>()
  return logs.filter((log) => {
    const key = `${log.transactionHash}:${log.logIndex}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

async function entriesOf(
  client: Client<Transport, Chain | undefined>,
  logs: RawLog[],
  { vesting, legacy, holder }: Pick<ReadOptions, 'vesting' | 'legacy' | 'holder'>,
): Promise<HistoryEntry[]> {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  const vestingEvents = parseEventLogs({ abi: vestingAbi, logs: logs.filter((log) => same(log.address, vesting)) })
  const legacyEvents = parseEventLogs({ abi: legacyClaimAbi, logs: logs.filter((log) => same(log.address, legacy)) })
  type Partial = Omit<HistoryEntry, 'timestamp'>
  const partial: Partial[] = []
  for (const event of vestingEvents) {
    const at = { blockNumber: event.blockNumber, logIndex: event.logIndex, transactionHash: event.transactionHash }
    switch (event.eventName) {
      case 'ClaimAdded':
        partial.push({
          kind: 'allocation',
          ...at,
          amount: event.args.amount,
          burnPercentage: event.args.burnPercentage,
        })
        break
      case 'ClaimedAndBurned':
        partial.push({
          kind: 'claimAndBurn',
          ...at,
          amount: event.args.amount,
          received: event.args.received,
          burned: event.args.burned,
        })
        break
      case 'Unlocked':
        partial.push({ kind: 'unlock', ...at, amount: event.args.amount })
        break
      case 'LockedTransferred': {
        const outgoing = same(event.args.from, holder)
        partial.push({
          kind: outgoing ? 'transferOut' : 'transferIn',
          ...at,
          amount: event.args.amount,
          counterparty: outgoing ? event.args.to : event.args.from,
          unlockedShareMoved: event.args.unlockedShareMoved,
        })
        break
      }
    }
  }
  for (const event of legacyEvents) {
    const at = { blockNumber: event.blockNumber, logIndex: event.logIndex, transactionHash: event.transactionHash }
    if (event.eventName === 'ClaimAdded') partial.push({ kind: 'legacyAllocation', ...at, amount: event.args.amount })
    if (event.eventName === 'Claimed') partial.push({ kind: 'legacyClaim', ...at, amount: event.args.amount })
  }
  partial.sort((a, b) =>
    a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
  )
  const times = new Map<bigint, bigint>()
  for (const blockNumber of new Set(partial.map((entry) => entry.blockNumber))) {
    const block = await guarded(() =>
      client.request({ method: 'eth_getBlockByNumber', params: [`0x${blockNumber.toString(16)}`, false] }),
    )
    times.set(blockNumber, BigInt(block?.timestamp ?? 0))
  }
  return partial.map((entry) => ({ ...entry, timestamp: times.get(entry.blockNumber) ?? 0n }))
}

/** What the holder is told when their history could not be read. */
export function historyFailureMessage(failure: unknown, fromBlock: bigint): string {
  if (failure instanceof HistoryOfflineError) {
    return 'The network could not be reached, so your history could not be read. Try again when you are online.'
  }
  if (failure instanceof HistoryRefusedError) {
    return `The network's RPC refused to read the contracts' history ("${failure.message}"). The statement needs an RPC that serves events from block ${fromBlock} on; try again later or with another RPC.`
  }
  return `Your history could not be read: ${failure instanceof Error ? failure.message : String(failure)}`
}
