import { t } from '@lingui/core/macro'
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
import { isMissingBlock } from '../../lib/logReader'
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
  /**
   * The last blocks, this many below the head and up to it, are read block by block, by hash: a node behind its peers
   * answers a range that ends past its head with what it has and no error, but refuses a block it does not know.
   */
  settleBlocks?: bigint
  /** The highest block the page has shown figures from: the history reaches at least that far. */
  seenBlock?: bigint
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
  { vesting, legacy, holder, fromBlock, maxRange, settleBlocks = 0n, seenBlock = 0n, onProgress }: ReadOptions,
): Promise<HistoryEntry[]> {
  // Plain requests rather than viem's actions: this chunk then shares no modules with the page's first chunk.
  const answered = BigInt(await guarded(() => client.request({ method: 'eth_blockNumber' })))
  // A node behind its peers may give a lower head than the figures on the page: the history reaches theirs.
  const latest = answered > seenBlock ? answered : seenBlock
  const totalBlocks = latest >= fromBlock ? latest - fromBlock + 1n : 0n
  const holderTopic = pad(holder.toLowerCase() as Address)
  const [transferTopic] = encodeEventTopics({ abi: vestingAbi, eventName: 'LockedTransferred' })
  const filters: LogQuery[] = [
    { address: [vesting, legacy], topics: [HOLDER_TOPICS, holderTopic] },
    { address: vesting, topics: [transferTopic ?? null, null, holderTopic] },
  ]
  const scanned = (end: bigint) => onProgress?.({ scannedBlocks: end - fromBlock + 1n, totalBlocks })
  onProgress?.({ scannedBlocks: 0n, totalBlocks })
  const read = (start: bigint, end: bigint) => {
    const window = { fromBlock: `0x${start.toString(16)}`, toBlock: `0x${end.toString(16)}` } as const
    return guarded(() => Promise.all(filters.map((filter) => getLogs(client, { ...window, ...filter })))).then(
      (found) => found.flat(),
    )
  }
  const tailStart = latest - settleBlocks + 1n > fromBlock ? latest - settleBlocks + 1n : fromBlock
  let logs: RawLog[]
  try {
    logs = await inLogRanges({
      from: fromBlock,
      to: tailStart - 1n,
      maxRange,
      fetch: read,
      isFinal: (failure) => failure instanceof HistoryOfflineError,
      onRead: scanned,
    })
    for (let block = tailStart; block <= latest; block++) {
      logs.push(...(await blockLogs(client, block, filters)))
      scanned(block)
    }
  } catch (failure) {
    if (failure instanceof HistoryOfflineError) throw failure
    throw new HistoryRefusedError(nodeMessage(failure))
  }
  return entriesOf(client, dedupe(logs), { vesting, legacy, holder })
}

/** How many times a block a node does not know yet is asked for again, and how long between two asks. */
const UNKNOWN_BLOCK_TRIES = 6
const UNKNOWN_BLOCK_WAIT_MS = 500

/**
 * Block `number`'s header, asked again while the node that answers does not have it (a node behind its peers answers
 * `null`): a node that gives it has every block before it.
 */
async function knownBlock(client: Client<Transport, Chain | undefined>, number: bigint) {
  for (let tries = 1; ; tries++) {
    const block = await guarded(() =>
      client.request({ method: 'eth_getBlockByNumber', params: [`0x${number.toString(16)}`, false] }),
    )
    if (block?.hash) return block
    if (tries >= UNKNOWN_BLOCK_TRIES) {
      // The holder may read this one, quoted in the sentence of a failed statement.
      const missing = String(number)
      throw new Error(t`The network does not know block ${missing} yet.`)
    }
    await new Promise((resolve) => setTimeout(resolve, UNKNOWN_BLOCK_WAIT_MS))
  }
}

/**
 * The logs of one block, asked by its hash: a node that does not know the block refuses, where a range would be
 * answered short without a word. Only the queries refused so are asked again: a balancer that spreads a batch's calls
 * over its nodes in turn would send the same pair of queries, asked again together, to the same two nodes each time.
 */
async function blockLogs(
  client: Client<Transport, Chain | undefined>,
  number: bigint,
  filters: readonly LogQuery[],
): Promise<RawLog[]> {
  const { hash } = await knownBlock(client, number)
  if (!hash) return []
  const found: RawLog[] = []
  let asked = filters
  for (let tries = 1; ; tries++) {
    const answers = await Promise.allSettled(
      asked.map((filter) => guarded(() => getLogs(client, { ...filter, blockHash: hash }))),
    )
    const refused: { filter: LogQuery; reason: unknown }[] = []
    for (const [index, answer] of answers.entries()) {
      if (answer.status === 'fulfilled') found.push(...answer.value)
      else refused.push({ filter: asked[index] as LogQuery, reason: answer.reason })
    }
    const [first] = refused
    if (!first) return found
    const final = refused.find(({ reason }) => !isMissingBlock(reason))
    if (final) throw final.reason
    if (tries >= UNKNOWN_BLOCK_TRIES) throw first.reason
    asked = refused.map(({ filter }) => filter)
    await new Promise((resolve) => setTimeout(resolve, UNKNOWN_BLOCK_WAIT_MS))
  }
}

/** Which logs: the contracts and topics of one of the history's two queries. */
type LogQuery = { address: Address | Address[]; topics: (Hash | Hash[] | null)[] }
/** Where: a range of blocks, or one block by its hash. */
type LogFilter = LogQuery & ({ fromBlock: `0x${string}`; toBlock: `0x${string}` } | { blockHash: Hash })

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
    times.set(blockNumber, BigInt((await knownBlock(client, blockNumber)).timestamp))
  }
  return partial.map((entry) => ({ ...entry, timestamp: times.get(entry.blockNumber) ?? 0n }))
}

/** What the holder is told when their history could not be read, in the page's language (the node's words as is). */
export function historyFailureMessage(failure: unknown, fromBlock: bigint): string {
  if (failure instanceof HistoryOfflineError) {
    return t`The network could not be reached, so your history could not be read. Try again when you are online.`
  }
  // Block numbers written as is, not grouped by the locale.
  const firstBlock = String(fromBlock)
  if (failure instanceof HistoryRefusedError) {
    const nodeWords = failure.message
    return t({
      message: `The network's RPC refused to read the contracts' history ("${nodeWords}"). The statement needs an RPC that serves events from block ${firstBlock} on; try again later or with another RPC.`,
      comment: "{nodeWords}: the RPC node's own error message, untranslated. Statement: the holder's history as a file",
    })
  }
  const reason = failure instanceof Error ? failure.message : String(failure)
  return t`Your history could not be read: ${reason}`
}
