import type { Address } from 'viem'
import { decimalSeparator } from './format'
import type { Schedule } from './schedule'

/** A holder's position as the contract's `claimByOwner` returns it, amounts in the token's smallest unit. */
export type Position = {
  /** Still held in the position (falls with every claim and burn, not with unlocks). */
  amount: bigint
  /** Share of a claim that is burned, as an 18-decimal fraction (1e18 = 100 %). */
  burnPercentage: bigint
  /** Already taken through `unlock()`. */
  unlockedAmount: bigint
}

/** Where burned tokens go: the contract sends them here, so that burning works with any ERC-20. */
export const DEAD_ADDRESS: Address = '0x000000000000000000000000000000000000dEaD'

/** A burn percentage of 100 %, as the contract writes it. */
export const FULL_BURN = 10n ** 18n

/**
 * A burn percentage (an 18-decimal fraction, 1e18 = 100 %) as a percent with one decimal, rounded down so that a
 * share just below 100 % never reads "100.0": 250000000000000000n → "25.0", 125000000000000000n → "12.5"; with the
 * decimal separator of `locale` (the page's language by default): "25,0" in German.
 * @throws RangeError for a negative value.
 */
export function formatBurnPercentage(burnPercentage: bigint, locale?: string): string {
  if (burnPercentage < 0n) throw new RangeError(`A burn percentage cannot be negative, got ${burnPercentage}.`)
  const tenthsOfAPercent = burnPercentage / 10n ** 15n
  return `${tenthsOfAPercent / 10n}${decimalSeparator(locale)}${tenthsOfAPercent % 10n}`
}

/** Whether the address has anything in the vesting contract at all. */
export function hasPosition(position: Position): boolean {
  return position.amount !== 0n || position.unlockedAmount !== 0n
}

/**
 * How much of `amount` has unlocked by `now`, taken or not: 0 before unlockStart, all of it from unlockEnd,
 * otherwise amount × (now − unlockStart) ÷ (unlockEnd − unlockStart) rounded down — the contract's formula.
 */
export function vestedAmount(amount: bigint, schedule: Schedule, now: bigint): bigint {
  if (now < schedule.unlockStart) return 0n
  if (now >= schedule.unlockEnd) return amount
  return (amount * (now - schedule.unlockStart)) / (schedule.unlockEnd - schedule.unlockStart)
}

/**
 * What `unlock()` would pay at `now`: vested − unlockedAmount, never below zero (after a locked transfer the vested
 * amount can trail what was already taken).
 */
export function claimableAmount(position: Position, schedule: Schedule, now: bigint): bigint {
  const vested = vestedAmount(position.amount, schedule, now)
  return vested > position.unlockedAmount ? vested - position.unlockedAmount : 0n
}

export type ClaimSplit = {
  /** Taken from the position: what `claimAndBurn` is called with. */
  claimed: bigint
  /** Sent to the dead address. */
  burned: bigint
  /** Sent to the holder. */
  received: bigint
}

/**
 * The claim and burn split for a slider at `percent` (an integer 0..100): claimed = positionAmount × percent ÷ 100
 * rounded down (exactly the position at 100), burned = claimed × burnPercentage ÷ 1e18 rounded down,
 * received = claimed − burned — the same numbers as the contract's `previewClaimAndBurn`.
 * @throws RangeError for a percent that is not an integer in 0..100, a negative amount, or a burn percentage
 * outside 0..1e18 (the contract never holds one).
 */
export function claimSplit(positionAmount: bigint, percent: number, burnPercentage: bigint): ClaimSplit {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`The claim percentage must be a whole number from 0 to 100, got ${percent}.`)
  }
  if (positionAmount < 0n) throw new RangeError(`The position amount cannot be negative, got ${positionAmount}.`)
  if (burnPercentage < 0n || burnPercentage > FULL_BURN) {
    throw new RangeError(`The burn percentage must be from 0 to 1e18, got ${burnPercentage}.`)
  }
  const claimed = percent === 100 ? positionAmount : (positionAmount * BigInt(percent)) / 100n
  const burned = (claimed * burnPercentage) / FULL_BURN
  return { claimed, burned, received: claimed - burned }
}

/**
 * The unlock progress bar: vested ÷ amount as a percentage from 0 to 100, rounded down to 0.01 % (computed in whole
 * basis points so that no float ever touches a token amount); 0 for an empty position.
 */
export function unlockProgressPercent(position: Position, schedule: Schedule, now: bigint): number {
  if (position.amount <= 0n) return 0
  const basisPoints = (vestedAmount(position.amount, schedule, now) * 10_000n) / position.amount
  return Number(basisPoints) / 100
}
