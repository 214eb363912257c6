import { describe, expect, it } from 'vitest'
import type { ClaimRow } from './claims-file.ts'
import { type ClaimLedger, classifyRows, type LoadedClaim } from './ledger.ts'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const C = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const D = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const E = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const ONE = 10n ** 18n

function loaded(holder: `0x${string}`, amount: bigint, burnPercentage: bigint): LoadedClaim {
  return { holder, amount, burnPercentage, blockNumber: 5n, txHash: `0x${'a'.repeat(64)}` }
}

function ledger(
  kind: 'vesting' | 'legacy',
  claims: LoadedClaim[],
  transferredIn: string[] = [],
  skipped: LoadedClaim[] = [],
): ClaimLedger {
  const map = new Map<string, LoadedClaim[]>()
  for (const claim of claims)
    map.set(claim.holder.toLowerCase(), [...(map.get(claim.holder.toLowerCase()) ?? []), claim])
  return {
    kind,
    fromBlock: 3n,
    atBlock: 9n,
    loaded: map,
    skipped: new Map(skipped.map((claim) => [claim.holder.toLowerCase(), [claim]])),
    transferredIn: new Set(transferredIn.map((holder) => holder.toLowerCase())),
    holders: claims.map((claim) => claim.holder),
    allocated: claims.reduce((sum, claim) => sum + claim.amount, 0n),
    received: 0n,
    burned: 0n,
    unlocked: 0n,
  }
}

const row = (line: number, holder: `0x${string}`, amount: bigint, burnPercentage = 0n): ClaimRow => ({
  line,
  holder,
  amount,
  burnPercentage,
})

describe('classifyRows', () => {
  it('skips identical holders, loads new ones and reports every conflict with its line', () => {
    const chain = ledger(
      'vesting',
      [loaded(A, 5n * ONE, 125n * 10n ** 15n), loaded(B, 5n * ONE, 0n), loaded(C, ONE, 0n)],
      [D],
    )
    const rows = [
      row(2, A, 5n * ONE, 125n * 10n ** 15n), // identical
      row(3, B, 6n * ONE, 0n), // other amount
      row(4, C, ONE, 10n ** 16n), // other burn
      row(5, D, ONE), // received through transferLocked
      row(6, E, ONE), // new
    ]
    const result = classifyRows(rows, chain, new Set([A.toLowerCase(), B.toLowerCase(), D.toLowerCase()]), 18)
    expect(result.alreadyLoaded).toEqual([rows[0]])
    expect(result.toLoad).toEqual([rows[4]])
    // The contract would skip D and load the rest: D is set aside for follow-up, not an error.
    expect(result.followUp).toEqual([
      {
        row: rows[3],
        reason: 'received a locked position before it was loaded; the contract would skip it (ClaimSkipped)',
      },
    ])
    expect(result.errors).toEqual([
      {
        line: 3,
        message: `${B} is already on chain with different values: amount 5, burn 0% (this file: amount 6, burn 0%)`,
      },
      {
        line: 4,
        message: `${C} is already on chain with different values: amount 1, burn 0% (this file: amount 1, burn 1%)`,
      },
    ])
  })

  it('treats a holder who claimed everything as loaded: the event is the record, not the current amount', () => {
    const chain = ledger('vesting', [loaded(A, 5n * ONE, 0n)])
    const result = classifyRows([row(2, A, 5n * ONE)], chain, new Set(), 18)
    expect(result.alreadyLoaded).toHaveLength(1)
    expect(result.errors).toEqual([])
  })

  it('refuses an allocation no event explains (a from-block that is too late)', () => {
    const result = classifyRows([row(7, A, ONE)], ledger('vesting', []), new Set([A.toLowerCase()]), 18)
    expect(result.errors).toEqual([
      {
        line: 7,
        message: `${A} was allocated on chain, but no ClaimAdded event since block 3 accounts for it (if it was loaded earlier, the from-block is too late); the contract would skip it`,
      },
    ])
    expect(result.toLoad).toEqual([])
  })

  it('says when a batch already left a holder out, one a locked transfer reached before it executed', () => {
    const chain = ledger('vesting', [], [D], [loaded(D, ONE, 0n)])
    const result = classifyRows([row(4, D, ONE)], chain, new Set([D.toLowerCase()]), 18)
    expect(result.followUp).toEqual([
      {
        row: row(4, D, ONE),
        reason: 'received a locked position before its batch executed; the contract skipped it (ClaimSkipped)',
      },
    ])
    expect(result.errors).toEqual([])
  })

  it('matches LegacyClaim owners on the amount, across repeated allocations', () => {
    const chain = ledger('legacy', [loaded(A, ONE, 0n), loaded(A, 2n * ONE, 0n), loaded(B, ONE, 0n)])
    const result = classifyRows([row(2, A, 2n * ONE), row(3, B, 3n * ONE)], chain, new Set(), 18)
    expect(result.alreadyLoaded.map((r) => r.line)).toEqual([2])
    expect(result.errors).toEqual([
      { line: 3, message: `${B} is already on chain with different values: amount 1 (this file: amount 3)` },
    ])
  })
})
