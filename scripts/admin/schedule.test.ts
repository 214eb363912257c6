import { describe, expect, it } from 'vitest'
import { parseTime, scheduleProblem } from './schedule.ts'

describe('parseTime', () => {
  it.each([
    ['1730314800', 1730314800n],
    ['0', 0n],
    ['2024-10-30', 1730246400n],
    ['2024-10-30T19:00:00Z', 1730314800n],
    ['2024-10-30T19:00Z', 1730314800n],
    ['2024-10-30T21:00:00+02:00', 1730314800n],
    ['2024-10-30T14:00:00-05:00', 1730314800n],
    ['2024-02-29T00:00:00Z', 1709164800n],
  ])('reads %s as %s', (text, seconds) => {
    expect(parseTime(text)).toEqual({ ok: true, value: seconds })
  })

  it.each([
    ['1730314800000', '1730314800000 looks like milliseconds; give seconds since the epoch'],
    [
      '2024-10-30T19:00:00',
      '"2024-10-30T19:00:00" is not a time: use epoch seconds, 2024-10-30 (UTC) or 2024-10-30T19:00:00Z',
    ],
    [
      '2024-10-30T19:00:00.5Z',
      '"2024-10-30T19:00:00.5Z" is not a time: use epoch seconds, 2024-10-30 (UTC) or 2024-10-30T19:00:00Z',
    ],
    ['2023-02-29', '"2023-02-29" is not a real date'],
    ['2024-13-01T00:00:00Z', '"2024-13-01T00:00:00Z" is not a real date'],
    ['2024-10-30T24:00:00Z', '"2024-10-30T24:00:00Z" is not a real time of day'],
    ['-5', '"-5" is not a time: use epoch seconds, 2024-10-30 (UTC) or 2024-10-30T19:00:00Z'],
    ['next tuesday', '"next tuesday" is not a time: use epoch seconds, 2024-10-30 (UTC) or 2024-10-30T19:00:00Z'],
  ])('refuses %s', (text, reason) => {
    expect(parseTime(text)).toEqual({ ok: false, reason })
  })
})

describe('scheduleProblem', () => {
  const valid = { claimStart: 10n, claimEnd: 20n, unlockStart: 20n, unlockEnd: 30n }

  it('accepts claimStart < claimEnd <= unlockStart < unlockEnd', () => {
    expect(scheduleProblem(valid)).toBeUndefined()
    expect(scheduleProblem({ ...valid, unlockStart: 25n })).toBeUndefined()
  })

  it('names the broken rule', () => {
    expect(scheduleProblem({ ...valid, claimEnd: 10n })).toBe(
      'the claim window must end after it starts (claim-start < claim-end)',
    )
    expect(scheduleProblem({ ...valid, unlockStart: 19n })).toBe(
      'the unlock cannot start before the claim window ends (claim-end <= unlock-start)',
    )
    expect(scheduleProblem({ ...valid, unlockEnd: 20n })).toBe(
      'the unlock must end after it starts (unlock-start < unlock-end)',
    )
  })
})
