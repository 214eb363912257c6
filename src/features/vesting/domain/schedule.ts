/** The vesting contract's four schedule instants, in seconds since the epoch (read from the contract). */
export type Schedule = {
  claimStart: bigint
  claimEnd: bigint
  unlockStart: bigint
  unlockEnd: bigint
}

/**
 * Where a moment falls in the schedule:
 * - `before`: t < claimStart
 * - `claim`: claimStart ≤ t < claimEnd (claim and burn is open)
 * - `locked`: claimEnd ≤ t < unlockStart
 * - `unlocking`: unlockStart ≤ t < unlockEnd
 * - `ended`: t ≥ unlockEnd (everything has unlocked)
 */
export type Phase = 'before' | 'claim' | 'locked' | 'unlocking' | 'ended'

/** The phase at `now` (epoch seconds), with the same boundaries as the Vesting contract. */
export function phaseAt(schedule: Schedule, now: bigint): Phase {
  if (now < schedule.claimStart) return 'before'
  if (now < schedule.claimEnd) return 'claim'
  if (now < schedule.unlockStart) return 'locked'
  if (now < schedule.unlockEnd) return 'unlocking'
  return 'ended'
}
