import { type Abi, type Address, formatLog, type Hex, numberToHex, parseEventLogs } from 'viem'
import { inLogRanges } from '../../src/domain/logRanges.ts'
import type { Position } from '../../src/domain/position.ts'
import { legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import type { ClaimKind, ClaimRow, RowError } from './claims-file.ts'
import type { Connection } from './connection.ts'
import { RefusedError } from './errors.ts'
import { formatBurnPercent, formatToken } from './format.ts'

/** How many holders one multicall reads; about 4k gas each keeps a call far below node eth_call gas caps. */
const READS_PER_CALL = 500
/** Concurrent single reads when the chain has no Multicall3. */
const PARALLEL_READS = 16
/** The largest getLogs range; narrower while the node refuses a range as too large. */
const LOG_RANGE = 50_000n

/** A ClaimAdded event: the record of what `addClaims` allocated. */
export type LoadedClaim = { holder: Address; amount: bigint; burnPercentage: bigint; blockNumber: bigint; txHash: Hex }

/** A ClaimSkipped event: a holder `addClaims` left out because it was ever allocated, with the values it was given. */
export type SkippedClaim = LoadedClaim

/** What the chain says about a contract's allocations, read at one block. */
export type ClaimLedger = {
  kind: ClaimKind
  fromBlock: bigint
  atBlock: bigint
  /** ClaimAdded events by lower-case holder (a contract of an earlier version may have allocated one twice). */
  loaded: Map<string, LoadedClaim[]>
  /** ClaimSkipped events by lower-case holder: batches that named a holder the contract already had. */
  skipped: Map<string, SkippedClaim[]>
  /** Holders that got a Vesting position through `transferLocked`, not `addClaims`. */
  transferredIn: Set<string>
  /** Every holder in order of first appearance (ClaimAdded, then LockedTransferred recipients). */
  holders: Address[]
  /** Σ ClaimAdded amounts. */
  allocated: bigint
  /** Vesting: Σ ClaimedAndBurned.received; LegacyClaim: Σ Claimed.amount. */
  received: bigint
  /** Vesting: Σ ClaimedAndBurned.burned. */
  burned: bigint
  /** Vesting: Σ Unlocked.amount. */
  unlocked: bigint
}

/** Runs `fetch` over [from, to] in ranges the node accepts, up to `LOG_RANGE` blocks ({@link inLogRanges}). */
function inRanges<T>(from: bigint, to: bigint, fetch: (from: bigint, to: bigint) => Promise<T[]>): Promise<T[]> {
  return inLogRanges({ from, to, maxRange: LOG_RANGE, fetch })
}

/**
 * A contract's logs in [from, to], decoded with its ABI. Asked once, without the transport's retries: a range refused
 * for its size fails at once and is split by {@link inRanges}, rather than being sent again whole.
 */
async function contractLogs<const abi extends Abi>(
  connection: Connection,
  address: Address,
  abi: abi,
  from: bigint,
  to: bigint,
) {
  const logs = await connection.client.request(
    { method: 'eth_getLogs', params: [{ address, fromBlock: numberToHex(from), toBlock: numberToHex(to) }] },
    { retryCount: 0 },
  )
  return parseEventLogs({ abi, logs: logs.map((log) => formatLog(log)), strict: true })
}

function emptyLedger(kind: ClaimKind, fromBlock: bigint, atBlock: bigint): ClaimLedger {
  return {
    kind,
    fromBlock,
    atBlock,
    loaded: new Map(),
    skipped: new Map(),
    transferredIn: new Set(),
    holders: [],
    allocated: 0n,
    received: 0n,
    burned: 0n,
    unlocked: 0n,
  }
}

function addHolder(ledger: ClaimLedger, seen: Set<string>, holder: Address): void {
  const key = holder.toLowerCase()
  if (seen.has(key)) return
  seen.add(key)
  ledger.holders.push(holder)
}

function recordLoaded(ledger: ClaimLedger, claim: LoadedClaim): void {
  const key = claim.holder.toLowerCase()
  ledger.loaded.set(key, [...(ledger.loaded.get(key) ?? []), claim])
  ledger.allocated += claim.amount
}

function recordSkipped(ledger: ClaimLedger, claim: SkippedClaim): void {
  const key = claim.holder.toLowerCase()
  ledger.skipped.set(key, [...(ledger.skipped.get(key) ?? []), claim])
}

/** Reads every event of a Vesting or LegacyClaim from `fromBlock` to `atBlock` into a ledger. */
export async function readLedger(
  connection: Connection,
  kind: ClaimKind,
  address: Address,
  fromBlock: bigint,
  atBlock: bigint,
): Promise<ClaimLedger> {
  const ledger = emptyLedger(kind, fromBlock, atBlock)
  const seen = new Set<string>()
  if (kind === 'vesting') {
    const logs = await inRanges(fromBlock, atBlock, (from, to) =>
      contractLogs(connection, address, vestingAbi, from, to),
    )
    for (const log of logs) {
      const where = { blockNumber: log.blockNumber, txHash: log.transactionHash }
      switch (log.eventName) {
        case 'ClaimAdded':
          recordLoaded(ledger, { ...log.args, ...where })
          addHolder(ledger, seen, log.args.holder)
          break
        case 'ClaimSkipped':
          recordSkipped(ledger, { ...log.args, ...where })
          break
        case 'LockedTransferred':
          if (!ledger.loaded.has(log.args.to.toLowerCase())) ledger.transferredIn.add(log.args.to.toLowerCase())
          addHolder(ledger, seen, log.args.to)
          break
        case 'ClaimedAndBurned':
          ledger.received += log.args.received
          ledger.burned += log.args.burned
          break
        case 'Unlocked':
          ledger.unlocked += log.args.amount
          break
        default:
          break
      }
    }
    return ledger
  }
  const logs = await inRanges(fromBlock, atBlock, (from, to) =>
    contractLogs(connection, address, legacyClaimAbi, from, to),
  )
  for (const log of logs) {
    const where = { burnPercentage: 0n, blockNumber: log.blockNumber, txHash: log.transactionHash }
    if (log.eventName === 'ClaimAdded') {
      recordLoaded(ledger, { holder: log.args.owner, amount: log.args.amount, ...where })
      addHolder(ledger, seen, log.args.owner)
    } else if (log.eventName === 'ClaimSkipped') {
      recordSkipped(ledger, { holder: log.args.owner, amount: log.args.amount, ...where })
    } else if (log.eventName === 'Claimed') {
      ledger.received += log.args.amount
    }
  }
  return ledger
}

async function inGroups<T, R>(items: readonly T[], size: number, read: (group: T[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = []
  for (let i = 0; i < items.length; i += size) results.push(...(await read(items.slice(i, i + size))))
  return results
}

/** How one group of reads goes through Multicall3 at one block; a failed read fails the whole read. */
type MulticallOptions = { allowFailure: false; multicallAddress: Address; blockNumber: bigint; batchSize: 0 }

/** One value per holder, in order: through Multicall3 when the chain has it, else a few single reads at a time. */
function readPerHolder<R>(
  connection: Connection,
  holders: readonly Address[],
  blockNumber: bigint,
  single: (holder: Address) => Promise<R>,
  multi: (group: Address[], options: MulticallOptions) => Promise<R[]>,
): Promise<R[]> {
  const { multicall } = connection
  if (!multicall) return inGroups(holders, PARALLEL_READS, (group) => Promise.all(group.map(single)))
  const options = { allowFailure: false, multicallAddress: multicall, blockNumber, batchSize: 0 } as const
  return inGroups(holders, READS_PER_CALL, (group) => multi(group, options))
}

/**
 * `claimByOwner` for every holder at one block: a Vesting position, or the amount a LegacyClaim owner has not
 * claimed yet (which knows no burn or unlock).
 */
export async function readPositions(
  connection: Connection,
  kind: ClaimKind,
  contract: Address,
  holders: readonly Address[],
  blockNumber: bigint,
): Promise<Map<string, Position>> {
  const { client } = connection
  let positions: Position[]
  if (kind === 'vesting') {
    const call = (holder: Address) =>
      ({ address: contract, abi: vestingAbi, functionName: 'claimByOwner', args: [holder] }) as const
    const tuples = await readPerHolder(
      connection,
      holders,
      blockNumber,
      (holder) => client.readContract({ ...call(holder), blockNumber }),
      (group, options) => client.multicall({ contracts: group.map(call), ...options }),
    )
    positions = tuples.map(([amount, burnPercentage, unlockedAmount]) => ({ amount, burnPercentage, unlockedAmount }))
  } else {
    const call = (owner: Address) =>
      ({ address: contract, abi: legacyClaimAbi, functionName: 'claimByOwner', args: [owner] }) as const
    const amounts = await readPerHolder(
      connection,
      holders,
      blockNumber,
      (owner) => client.readContract({ ...call(owner), blockNumber }),
      (group, options) => client.multicall({ contracts: group.map(call), ...options }),
    )
    positions = amounts.map((amount) => ({ amount, burnPercentage: 0n, unlockedAmount: 0n }))
  }
  return new Map(holders.map((holder, i) => [holder.toLowerCase(), positions[i] ?? NO_POSITION]))
}

const NO_POSITION: Position = { amount: 0n, burnPercentage: 0n, unlockedAmount: 0n }

/** Holders the contract says it ever allocated (`everAllocated`): the ones `addClaims` would leave out. */
export async function holdersEverAllocated(
  connection: Connection,
  kind: ClaimKind,
  contract: Address,
  holders: readonly Address[],
  blockNumber: bigint,
): Promise<Set<string>> {
  const { client } = connection
  const abi = kind === 'vesting' ? vestingAbi : legacyClaimAbi
  const call = (holder: Address) => ({ address: contract, abi, functionName: 'everAllocated', args: [holder] }) as const
  const flags = await readPerHolder(
    connection,
    holders,
    blockNumber,
    (holder) => client.readContract({ ...call(holder), blockNumber }),
    (group, options) => client.multicall({ contracts: group.map(call), ...options }),
  )
  return new Set(holders.filter((_, i) => flags[i] === true).map((holder) => holder.toLowerCase()))
}

/**
 * The first block where `address` has code: the earliest block its events can be in. Binary search over
 * historical `eth_getCode`, which needs a node that keeps history (anvil and archive nodes do).
 */
export async function findDeploymentBlock(
  connection: Connection,
  address: Address,
  head: bigint,
  earliest = 0n,
): Promise<bigint> {
  const hasCode = async (blockNumber: bigint) => {
    const code = await connection.client.getCode({ address, blockNumber })
    return code !== undefined && code !== '0x'
  }
  if (!(await hasCode(head))) throw new RefusedError(`No contract at ${address} on chain ${connection.chain.id}.`)
  let low = earliest
  let high = head
  try {
    while (low < high) {
      const middle = (low + high) / 2n
      if (await hasCode(middle)) high = middle
      else low = middle + 1n
    }
  } catch {
    throw new RefusedError(
      `This RPC cannot read old state to find when ${address} was deployed: pass its deployment block (printed by deploy) with --vesting-from-block / --legacy-from-block.`,
    )
  }
  return low
}

/** A row the contract would leave out, and why: its holder was ever allocated without this file loading it. */
export type FollowUp = { row: ClaimRow; reason: string }

export type Classified = {
  /** Rows not yet on chain. */
  toLoad: ClaimRow[]
  /** Rows already loaded with exactly these values. */
  alreadyLoaded: ClaimRow[]
  /** Rows the contract skips: their holders received a locked position before this file loaded them. */
  followUp: FollowUp[]
  /** Rows that conflict with the chain. */
  errors: RowError[]
}

function claimValues(kind: ClaimKind, amount: bigint, burnPercentage: bigint, decimals: number): string {
  const base = `amount ${formatToken(amount, decimals)}`
  return kind === 'vesting' ? `${base}, burn ${formatBurnPercent(burnPercentage)}%` : base
}

/**
 * Sorts each row by what the chain already holds. ClaimAdded events are the record of what was loaded (a
 * position's current amount falls as the holder claims, so it cannot say what was loaded); `everAllocated` —
 * holders the contract would leave out — catches holders no ClaimAdded in the scanned range accounts for.
 * - an event with the same amount (and burn percentage): already loaded, skipped;
 * - an event with other values: an error, the file and the chain disagree;
 * - no event, ever allocated through a locked transfer: the contract would skip the row (ClaimSkipped), so it is
 *   set aside for follow-up and the rest goes on;
 * - no event, ever allocated, no transfer either (loaded before `fromBlock`): an error, the from-block is too late;
 * - neither: to load.
 */
export function classifyRows(
  rows: readonly ClaimRow[],
  ledger: ClaimLedger,
  everAllocated: ReadonlySet<string>,
  decimals: number,
): Classified {
  const result: Classified = { toLoad: [], alreadyLoaded: [], followUp: [], errors: [] }
  for (const row of rows) {
    const key = row.holder.toLowerCase()
    const loaded = ledger.loaded.get(key) ?? []
    if (loaded.some((claim) => claim.amount === row.amount && claim.burnPercentage === row.burnPercentage)) {
      result.alreadyLoaded.push(row)
    } else if (loaded.length > 0) {
      const onChain = loaded
        .map((claim) => claimValues(ledger.kind, claim.amount, claim.burnPercentage, decimals))
        .join('; ')
      result.errors.push({
        line: row.line,
        message: `${row.holder} is already on chain with different values: ${onChain} (this file: ${claimValues(ledger.kind, row.amount, row.burnPercentage, decimals)})`,
      })
    } else if (ledger.transferredIn.has(key)) {
      result.followUp.push({
        row,
        reason: ledger.skipped.has(key)
          ? 'received a locked position before its batch executed; the contract skipped it (ClaimSkipped)'
          : 'received a locked position before it was loaded; the contract would skip it (ClaimSkipped)',
      })
    } else if (everAllocated.has(key)) {
      result.errors.push({
        line: row.line,
        message: `${row.holder} was allocated on chain, but no ClaimAdded event since block ${ledger.fromBlock} accounts for it (if it was loaded earlier, the from-block is too late); the contract would skip it`,
      })
    } else {
      result.toLoad.push(row)
    }
  }
  return result
}
