/** The vesting contract's four schedule instants, in seconds since the epoch (read from the contract). */
export type Schedule = {
  claimStart: bigint
  claimEnd: bigint
  unlockStart: bigint
  unlockEnd: bigint
}

/** The production schedule the deployed contracts hold; the app always reads the contract's own. */
export const PRODUCTION_SCHEDULE: Schedule = {
  claimStart: 1730314800n,
  claimEnd: 1731524400n,
  unlockStart: 1769972400n,
  unlockEnd: 1801508400n,
}

/**
 * Where a moment falls in the schedule:
 * - `before`: t < claimStart
 * - `claim`: claimStart ≤ t < claimEnd (claim and burn is open)
 * - `locked`: claimEnd ≤ t < unlockStart
 * - `unlocking`: unlockStart ≤ t < unlockEnd
 * - `ended`: t ≥ unlockEnd (everything has unlocked)
 */
export const PHASES = ['before', 'claim', 'locked', 'unlocking', 'ended'] as const
export type Phase = (typeof PHASES)[number]

export function isPhase(value: string): value is Phase {
  return (PHASES as readonly string[]).includes(value)
}

/** The phase at `now` (epoch seconds), with the same boundaries as the Vesting contract. */
export function phaseAt(schedule: Schedule, now: bigint): Phase {
  if (now < schedule.claimStart) return 'before'
  if (now < schedule.claimEnd) return 'claim'
  if (now < schedule.unlockStart) return 'locked'
  if (now < schedule.unlockEnd) return 'unlocking'
  return 'ended'
}

/** The moments a phase begins: the claim window opens and closes, unlocking starts and ends. */
export function phaseStarts(schedule: Schedule): bigint[] {
  return [schedule.claimStart, schedule.claimEnd, schedule.unlockStart, schedule.unlockEnd]
}

/** When the phase at `now` ends and the next begins; `undefined` once everything has unlocked. */
export function nextPhaseStart(schedule: Schedule, now: bigint): bigint | undefined {
  const phase = phaseAt(schedule, now)
  if (phase === 'ended') return undefined
  return {
    before: schedule.claimStart,
    claim: schedule.claimEnd,
    locked: schedule.unlockStart,
    unlocking: schedule.unlockEnd,
  }[phase]
}
