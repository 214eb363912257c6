import type { Schedule } from '../lib/deploy.ts'
import type { Parsed } from './units.ts'

/** Above this, a number of seconds is far more likely a millisecond timestamp typed by mistake (year 5138). */
const MAX_EPOCH_SECONDS = 100_000_000_000n

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})$/

function realDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * A point in time as seconds since the epoch. Accepts epoch seconds ("1730314800"), a date ("2024-10-30",
 * midnight UTC) or an ISO 8601 time with an explicit zone ("2024-10-30T19:00:00Z", "2024-10-30T21:00+02:00").
 * A time without a zone is refused: the machine's local zone must never decide when money unlocks.
 */
export function parseTime(text: string): Parsed<bigint> {
  const trimmed = text.trim()
  if (/^\d+$/.test(trimmed)) {
    const seconds = BigInt(trimmed)
    if (seconds >= MAX_EPOCH_SECONDS) {
      return { ok: false, reason: `${trimmed} looks like milliseconds; give seconds since the epoch` }
    }
    return { ok: true, value: seconds }
  }
  const dateOnly = DATE_ONLY.exec(trimmed)
  const dateTime = DATE_TIME.exec(trimmed)
  const parts = dateOnly ?? dateTime
  if (!parts) {
    return {
      ok: false,
      reason: `"${trimmed}" is not a time: use epoch seconds, 2024-10-30 (UTC) or 2024-10-30T19:00:00Z`,
    }
  }
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
  if (!realDate(year, month, day)) return { ok: false, reason: `"${trimmed}" is not a real date` }
  if (dateTime && (Number(dateTime[4]) > 23 || Number(dateTime[5]) > 59 || Number(dateTime[6] ?? 0) > 59)) {
    return { ok: false, reason: `"${trimmed}" is not a real time of day` }
  }
  const milliseconds = Date.parse(dateOnly ? `${trimmed}T00:00:00Z` : trimmed)
  if (Number.isNaN(milliseconds)) return { ok: false, reason: `"${trimmed}" is not a time` }
  return { ok: true, value: BigInt(milliseconds / 1000) }
}

/** Why a schedule is refused, or undefined when claimStart < claimEnd <= unlockStart < unlockEnd holds. */
export function scheduleProblem(schedule: Schedule): string | undefined {
  const { claimStart, claimEnd, unlockStart, unlockEnd } = schedule
  if (!(claimStart < claimEnd)) return 'the claim window must end after it starts (claim-start < claim-end)'
  if (!(claimEnd <= unlockStart))
    return 'the unlock cannot start before the claim window ends (claim-end <= unlock-start)'
  if (!(unlockStart < unlockEnd)) return 'the unlock must end after it starts (unlock-start < unlock-end)'
  return undefined
}
