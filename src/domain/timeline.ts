import { claimableAmount, type Position, vestedAmount } from './position'
import { type Phase, phaseAt, type Schedule } from './schedule'

/** What the holder's claim and burn took, once the history has been read. */
export type ClaimAndBurnRecord = { at: bigint; amount: bigint; received: bigint; burned: bigint }

/** The holder's schedule at one moment: the figures the chart draws and its text states. */
export type TimelineFacts = {
  phase: Phase
  now: bigint
  schedule: Schedule
  /** Still in the position (what the schedule unlocks). */
  total: bigint
  unlocked: bigint
  claimed: bigint
  claimable: bigint
  stillLocked: bigint
  /** The position holds nothing any more: claimed in the window, or taken or moved in full. */
  emptied: boolean
  claimsAndBurns: readonly ClaimAndBurnRecord[]
}

export function timelineFacts(
  schedule: Schedule,
  position: Position,
  now: bigint,
  claimsAndBurns: readonly ClaimAndBurnRecord[] = [],
): TimelineFacts {
  const unlocked = vestedAmount(position.amount, schedule, now)
  return {
    phase: phaseAt(schedule, now),
    now,
    schedule,
    total: position.amount,
    unlocked,
    claimed: position.unlockedAmount,
    claimable: claimableAmount(position, schedule, now),
    stillLocked: position.amount - unlocked,
    emptied: position.amount === position.unlockedAmount,
    claimsAndBurns,
  }
}

type Formatters = { date: (epochSeconds: bigint) => string; amount: (value: bigint) => string }

const WINDOW_STATE: Record<Phase, string> = {
  before: 'opens',
  claim: 'open now',
  locked: 'closed',
  unlocking: 'closed',
  ended: 'closed',
}

/**
 * The chart's text equivalent, one sentence per line: the three stretches of the schedule with their dates and
 * where "now" falls, then the amounts — unlocked, claimed and still locked — and any claim and burn on record.
 */
export function timelineText(facts: TimelineFacts, { date, amount }: Formatters): string[] {
  const { schedule, phase } = facts
  const lines = [
    `Claim window (${WINDOW_STATE[phase]}): ${date(schedule.claimStart)} to ${date(schedule.claimEnd)}.`,
    `Lock: ${date(schedule.claimEnd)} to ${date(schedule.unlockStart)}${phase === 'locked' ? ' (now)' : ''}.`,
    `Linear unlock: ${date(schedule.unlockStart)} to ${date(schedule.unlockEnd)}${
      phase === 'unlocking' ? ' (now)' : phase === 'ended' ? ' (complete)' : ''
    }.`,
    `You are here: ${date(facts.now)}.`,
  ]
  if (facts.emptied && facts.total === 0n) {
    lines.push('Your whole position has been claimed: nothing is left to unlock.')
  } else if (facts.emptied) {
    lines.push(`All ${amount(facts.total)} have unlocked and been claimed.`)
  } else if (phase === 'before' || phase === 'claim') {
    lines.push(
      `${amount(facts.total)} in your position. Whatever is left when the claim window closes stays locked until ${date(schedule.unlockStart)}.`,
    )
  } else {
    lines.push(
      `Unlocked: ${amount(facts.unlocked)} of ${amount(facts.total)}. Counted as claimed: ${amount(facts.claimed)}. Claimable: ${amount(facts.claimable)}. Still locked: ${amount(facts.stillLocked)}.`,
    )
  }
  for (const record of facts.claimsAndBurns) {
    lines.push(
      `Claimed and burned on ${date(record.at)}: ${amount(record.amount)} claimed, ${amount(record.received)} received, ${amount(record.burned)} burned.`,
    )
  }
  return lines
}

/**
 * Where a moment sits on the chart's horizontal axis, 0 to 1. The stretches get fixed shares (window 15 %, lock
 * 35 %, unlock 50 %) rather than their true lengths, or a two-week window would be a hairline beside two years.
 */
export function axisPosition(schedule: Schedule, at: bigint): number {
  const stretches: [bigint, bigint, number, number][] = [
    [schedule.claimStart, schedule.claimEnd, 0, 0.15],
    [schedule.claimEnd, schedule.unlockStart, 0.15, 0.5],
    [schedule.unlockStart, schedule.unlockEnd, 0.5, 1],
  ]
  if (at <= schedule.claimStart) return 0
  for (const [from, to, start, end] of stretches) {
    if (at < to) return start + ((end - start) * Number(((at - from) * 10_000n) / (to - from))) / 10_000
  }
  return 1
}
