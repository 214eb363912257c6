import { type Address, erc20Abi } from 'viem'
import { nextPhaseStart, type Phase, phaseAt } from '../../src/domain/schedule.ts'
import { legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import type { Schedule } from '../lib/deploy.ts'
import type { Connection } from './connection.ts'
import { type ClaimContract, readClaimContract, readSchedule } from './contracts.ts'
import { EXIT } from './errors.ts'
import { formatSpan, formatTimestamp, formatToken, groupDigits } from './format.ts'
import type { Io } from './io.ts'
import { type ClaimLedger, readLedger, readPositions } from './ledger.ts'
import { resolveFromBlock } from './load.ts'

export type VestingStatus = {
  address: Address
  owner: Address
  token: Address
  symbol: string
  decimals: number
  schedule: Schedule
  phase: Phase
  holders: number
  /** Σ ClaimAdded amounts. */
  allocated: bigint
  /** Batches' items the contract left out (ClaimSkipped), see {@link skippedCounts}. */
  skipped: SkippedCounts
  /** Σ ClaimedAndBurned.received. */
  received: bigint
  /** totalBurned. */
  burned: bigint
  /** Σ Unlocked amounts. */
  unlocked: bigint
  /** Σ over holders of amount − unlockedAmount (claimByOwner). */
  owed: bigint
  balance: bigint
  solvent: boolean
  /** Problems with the accounting identities; empty when everything adds up. */
  mismatches: string[]
}

export type LegacyStatus = {
  address: Address
  owner: Address
  token: Address
  symbol: string
  decimals: number
  claimStart: bigint
  open: boolean
  owners: number
  /** Σ ClaimAdded amounts. */
  allocated: bigint
  skipped: SkippedCounts
  /** Σ Claimed amounts. */
  claimed: bigint
  /** Σ claimByOwner over owners: what is still owed. */
  unclaimed: bigint
  balance: bigint
  solvent: boolean
  mismatches: string[]
}

type At = { blockNumber: bigint; timestamp: bigint }

/**
 * What the ClaimSkipped events say: `repeated`, items naming a holder some batch had loaded (a batch run twice, which
 * loads and funds nothing); `leftOut`, holders left out and never loaded (reached by a locked transfer first).
 */
export type SkippedCounts = { repeated: number; leftOut: number }

function skippedCounts(ledger: ClaimLedger): SkippedCounts {
  let repeated = 0
  let leftOut = 0
  for (const [holder, events] of ledger.skipped) {
    if (ledger.loaded.has(holder)) repeated += events.length
    else leftOut += 1
  }
  return { repeated, leftOut }
}

/** A holder with more than one ClaimAdded was loaded twice: never by these contracts, always worth saying. */
function loadedTwice(ledger: ClaimLedger): string[] {
  return [...ledger.loaded.values()]
    .filter((claims) => claims.length > 1)
    .map((claims) => `${claims[0]?.holder} has ${claims.length} ClaimAdded events`)
}

function balanceOf(connection: Connection, contract: ClaimContract, at: At): Promise<bigint> {
  return connection.client.readContract({
    address: contract.token.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [contract.address],
    blockNumber: at.blockNumber,
  })
}

/** Everything `status` says about a Vesting contract, read at one block. */
export async function vestingStatus(
  connection: Connection,
  address: Address,
  fromBlock: bigint | undefined,
  at: At,
): Promise<VestingStatus> {
  const contract = await readClaimContract(connection, 'vesting', address)
  const start = await resolveFromBlock(connection, address, fromBlock, at.blockNumber)
  const [ledger, schedule, burned, balance] = await Promise.all([
    readLedger(connection, 'vesting', address, start, at.blockNumber),
    readSchedule(connection, address, at.blockNumber),
    connection.client.readContract({
      address,
      abi: vestingAbi,
      functionName: 'totalBurned',
      blockNumber: at.blockNumber,
    }),
    balanceOf(connection, contract, at),
  ])
  const positions = await readPositions(connection, 'vesting', address, ledger.holders, at.blockNumber)
  let owed = 0n
  let unlockedInPositions = 0n
  for (const position of positions.values()) {
    owed += position.amount - position.unlockedAmount
    unlockedInPositions += position.unlockedAmount
  }
  const { symbol, decimals } = contract.token
  const show = (value: bigint) => formatToken(value, decimals, symbol)
  const mismatches: string[] = []
  if (ledger.allocated !== owed + ledger.received + burned + ledger.unlocked) {
    mismatches.push(
      `allocated ${show(ledger.allocated)} ≠ owed ${show(owed)} + received ${show(ledger.received)} + burned ${show(burned)} + unlocked ${show(ledger.unlocked)}`,
    )
  }
  if (burned !== ledger.burned)
    mismatches.push(`totalBurned ${show(burned)} ≠ Σ ClaimedAndBurned.burned ${show(ledger.burned)}`)
  if (unlockedInPositions !== ledger.unlocked) {
    mismatches.push(`Σ unlockedAmount ${show(unlockedInPositions)} ≠ Σ Unlocked ${show(ledger.unlocked)}`)
  }
  mismatches.push(...loadedTwice(ledger))
  return {
    address,
    owner: contract.owner,
    token: contract.token.address,
    symbol,
    decimals,
    schedule,
    phase: phaseAt(schedule, at.timestamp),
    holders: ledger.holders.length,
    allocated: ledger.allocated,
    skipped: skippedCounts(ledger),
    received: ledger.received,
    burned,
    unlocked: ledger.unlocked,
    owed,
    balance,
    solvent: balance >= owed,
    mismatches,
  }
}

/** Everything `status` says about a LegacyClaim contract, read at one block. */
export async function legacyStatus(
  connection: Connection,
  address: Address,
  fromBlock: bigint | undefined,
  at: At,
): Promise<LegacyStatus> {
  const contract = await readClaimContract(connection, 'legacy', address)
  const start = await resolveFromBlock(connection, address, fromBlock, at.blockNumber)
  const [ledger, claimStart, balance] = await Promise.all([
    readLedger(connection, 'legacy', address, start, at.blockNumber),
    connection.client.readContract({
      address,
      abi: legacyClaimAbi,
      functionName: 'claimStart',
      blockNumber: at.blockNumber,
    }),
    balanceOf(connection, contract, at),
  ])
  const positions = await readPositions(connection, 'legacy', address, ledger.holders, at.blockNumber)
  const unclaimed = [...positions.values()].reduce((sum, position) => sum + position.amount, 0n)
  const { symbol, decimals } = contract.token
  const show = (value: bigint) => formatToken(value, decimals, symbol)
  const mismatches: string[] = []
  if (ledger.allocated !== ledger.received + unclaimed) {
    mismatches.push(
      `allocated ${show(ledger.allocated)} ≠ claimed ${show(ledger.received)} + unclaimed ${show(unclaimed)}`,
    )
  }
  mismatches.push(...loadedTwice(ledger))
  return {
    address,
    owner: contract.owner,
    token: contract.token.address,
    symbol,
    decimals,
    claimStart,
    open: at.timestamp >= claimStart,
    owners: ledger.holders.length,
    allocated: ledger.allocated,
    skipped: skippedCounts(ledger),
    claimed: ledger.received,
    unclaimed,
    balance,
    solvent: balance >= unclaimed,
    mismatches,
  }
}

function printSkipped(io: Io, skipped: SkippedCounts, who: string): void {
  if (skipped.repeated > 0) {
    io.out(
      `  run again      ${groupDigits(skipped.repeated)} item(s) named ${who} already loaded; left out (ClaimSkipped), nothing loaded or funded twice`,
    )
  }
  if (skipped.leftOut > 0) {
    io.out(
      `  left out       ${groupDigits(skipped.leftOut)} ${who} reached by a locked transfer before their batch (ClaimSkipped, never loaded): follow up`,
    )
  }
}

function printVesting(io: Io, status: VestingStatus, at: At): void {
  const show = (value: bigint) => formatToken(value, status.decimals, status.symbol)
  const { schedule } = status
  const next = nextPhaseStart(schedule, at.timestamp)
  io.out(`Vesting ${status.address}`)
  io.out(`  owner          ${status.owner}`)
  io.out(`  token          ${status.symbol} ${status.token} (${status.decimals} decimals)`)
  io.out(`  claim window   ${formatTimestamp(schedule.claimStart)} → ${formatTimestamp(schedule.claimEnd)}`)
  io.out(`  unlock         ${formatTimestamp(schedule.unlockStart)} → ${formatTimestamp(schedule.unlockEnd)}`)
  io.out(
    `  phase          ${status.phase}${next !== undefined ? ` (next phase in ${formatSpan(next - at.timestamp)})` : ''}`,
  )
  io.out(`  holders        ${groupDigits(status.holders)}`)
  io.out(`  allocated      ${show(status.allocated)}`)
  printSkipped(io, status.skipped, 'holders')
  io.out(`  owed           ${show(status.owed)}`)
  io.out(`  received       ${show(status.received)}`)
  io.out(`  burned         ${show(status.burned)}`)
  io.out(`  unlocked       ${show(status.unlocked)}`)
  io.out(`  balance        ${show(status.balance)}`)
  io.out(
    `  accounting     ${status.mismatches.length === 0 ? 'allocated = owed + received + burned + unlocked ✓' : 'MISMATCH'}`,
  )
  for (const mismatch of status.mismatches) io.err(`  mismatch: ${mismatch}`)
  io.out(
    status.solvent
      ? `  solvent        yes (balance ≥ owed; surplus ${show(status.balance - status.owed)})`
      : `  solvent        NO — balance is ${show(status.owed - status.balance)} short of what is owed`,
  )
}

function printLegacy(io: Io, status: LegacyStatus, at: At): void {
  const show = (value: bigint) => formatToken(value, status.decimals, status.symbol)
  io.out(`LegacyClaim ${status.address}`)
  io.out(`  owner          ${status.owner}`)
  io.out(`  token          ${status.symbol} ${status.token} (${status.decimals} decimals)`)
  io.out(
    `  claim start    ${formatTimestamp(status.claimStart)} (${status.open ? 'open' : `opens in ${formatSpan(status.claimStart - at.timestamp)}`})`,
  )
  io.out(`  owners         ${groupDigits(status.owners)}`)
  io.out(`  allocated      ${show(status.allocated)}`)
  printSkipped(io, status.skipped, 'owners')
  io.out(`  claimed        ${show(status.claimed)}`)
  io.out(`  unclaimed      ${show(status.unclaimed)}`)
  io.out(`  balance        ${show(status.balance)}`)
  io.out(`  accounting     ${status.mismatches.length === 0 ? 'allocated = claimed + unclaimed ✓' : 'MISMATCH'}`)
  for (const mismatch of status.mismatches) io.err(`  mismatch: ${mismatch}`)
  io.out(
    status.solvent
      ? `  solvent        yes (balance ≥ unclaimed; surplus ${show(status.balance - status.unclaimed)})`
      : `  solvent        NO — balance is ${show(status.unclaimed - status.balance)} short of what is owed`,
  )
}

export type StatusTargets = {
  vesting: { address: Address; fromBlock: bigint | undefined } | undefined
  legacy: { address: Address; fromBlock: bigint | undefined } | undefined
  json: boolean
}

function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item), 2)
}

/**
 * `status`: reads both contracts at one block and prints the schedule, phase, totals and solvency. Exits with
 * EXIT.insolvent when a contract holds less than it owes, EXIT.failed when the accounting does not add up.
 */
export async function runStatus(connection: Connection, io: Io, targets: StatusTargets): Promise<number> {
  const block = await connection.client.getBlock()
  const at: At = { blockNumber: block.number, timestamp: block.timestamp }
  const vesting = targets.vesting
    ? await vestingStatus(connection, targets.vesting.address, targets.vesting.fromBlock, at)
    : undefined
  const legacy = targets.legacy
    ? await legacyStatus(connection, targets.legacy.address, targets.legacy.fromBlock, at)
    : undefined
  if (targets.json) {
    io.out(toJson({ chainId: connection.chain.id, block: at.blockNumber, timestamp: at.timestamp, vesting, legacy }))
  } else {
    io.out(
      `Chain ${connection.chain.id} (${connection.chain.name}), block ${at.blockNumber} at ${formatTimestamp(at.timestamp)}`,
    )
    if (vesting) printVesting(io, vesting, at)
    if (legacy) printLegacy(io, legacy, at)
  }
  const reports = [vesting, legacy].filter((report) => report !== undefined)
  if (reports.some((report) => !report.solvent)) {
    io.err('Insolvent: a contract holds fewer tokens than it owes.')
    return EXIT.insolvent
  }
  if (reports.some((report) => report.mismatches.length > 0)) {
    io.err('The accounting does not add up; see the mismatches above.')
    return EXIT.failed
  }
  return EXIT.ok
}
