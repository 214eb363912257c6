import { t } from '@lingui/core/macro'
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

/** The claim window's line: one whole sentence for each state of the window, so that a translation can word each. */
function windowLine(phase: Phase, start: string, end: string): string {
  switch (phase) {
    case 'before':
      return t({
        message: `Claim window (opens): ${start} to ${end}.`,
        comment: 'Timeline: the window in which tokens can be claimed (taken now, with a burn) has not opened yet',
      })
    case 'claim':
      return t({
        message: `Claim window (open now): ${start} to ${end}.`,
        comment: 'Timeline: the window in which tokens can be claimed (taken now, with a burn) is open',
      })
    default:
      return t({
        message: `Claim window (closed): ${start} to ${end}.`,
        comment: 'Timeline: the window in which tokens can be claimed (taken now, with a burn) has closed',
      })
  }
}

/** The lock's line: the stretch in which the tokens left in the position can be neither claimed nor unlocked. */
function lockLine(phase: Phase, start: string, end: string): string {
  return phase === 'locked'
    ? t({ message: `Lock: ${start} to ${end} (now).`, comment: 'Timeline: the stretch in which the tokens are locked' })
    : t({ message: `Lock: ${start} to ${end}.`, comment: 'Timeline: the stretch in which the tokens are locked' })
}

/** The linear unlock's line: the stretch in which the tokens become claimable a little at a time. */
function unlockLine(phase: Phase, start: string, end: string): string {
  const comment = 'Timeline: the stretch in which the locked tokens unlock (become claimable) a little at a time'
  if (phase === 'unlocking') return t({ message: `Linear unlock: ${start} to ${end} (now).`, comment })
  if (phase === 'ended') return t({ message: `Linear unlock: ${start} to ${end} (complete).`, comment })
  return t({ message: `Linear unlock: ${start} to ${end}.`, comment })
}

/**
 * The chart's text equivalent, one sentence per line: the three stretches of the schedule with their dates and
 * where "now" falls, then the amounts — unlocked, claimed and still locked — and any claim and burn on record.
 */
export function timelineText(facts: TimelineFacts, { date, amount }: Formatters): string[] {
  const { schedule, phase } = facts
  const claimStart = date(schedule.claimStart)
  const claimEnd = date(schedule.claimEnd)
  const unlockStart = date(schedule.unlockStart)
  const unlockEnd = date(schedule.unlockEnd)
  const now = date(facts.now)
  const lines = [
    windowLine(phase, claimStart, claimEnd),
    lockLine(phase, claimEnd, unlockStart),
    unlockLine(phase, unlockStart, unlockEnd),
    t({ message: `You are here: ${now}.`, comment: 'Timeline: the present moment on the schedule' }),
  ]
  const total = amount(facts.total)
  if (facts.emptied && facts.total === 0n) {
    lines.push(t`Your whole position has been claimed: nothing is left to unlock.`)
  } else if (facts.emptied) {
    lines.push(t`All ${total} have unlocked and been claimed.`)
  } else if (phase === 'before' || phase === 'claim') {
    lines.push(
      t`${total} in your position. Whatever is left when the claim window closes stays locked until ${unlockStart}.`,
    )
  } else {
    const unlocked = amount(facts.unlocked)
    const claimed = amount(facts.claimed)
    const claimable = amount(facts.claimable)
    const stillLocked = amount(facts.stillLocked)
    lines.push(
      t({
        message: `Unlocked: ${unlocked} of ${total}. Counted as claimed: ${claimed}. Claimable: ${claimable}. Still locked: ${stillLocked}.`,
        comment: 'Timeline: amounts of tokens. "Claimable": unlocked and not yet taken',
      }),
    )
  }
  for (const record of facts.claimsAndBurns) {
    const when = date(record.at)
    const claimed = amount(record.amount)
    const received = amount(record.received)
    const burned = amount(record.burned)
    lines.push(
      t({
        message: `Claimed and burned on ${when}: ${claimed} claimed, ${received} received, ${burned} burned.`,
        comment: 'Timeline: a claim and burn, in which part of the tokens taken was paid out and the rest destroyed',
      }),
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
