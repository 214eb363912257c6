import { describe, expect, it } from 'vitest'
import {
  type ClaimSplit,
  claimableAmount,
  claimSplit,
  formatBurnPercentage,
  hasPosition,
  type Position,
  unlockProgressPercent,
  vestedAmount,
} from './position'
import { PRODUCTION_SCHEDULE, type Schedule } from './schedule'

/** Unlocking lasts exactly 1000 s, so that vested amounts are easy to check by hand. */
const short: Schedule = { claimStart: 100n, claimEnd: 200n, unlockStart: 1000n, unlockEnd: 2000n }
/** Unlocking lasts 31,536,000 s (365 days). */
const production = PRODUCTION_SCHEDULE
const E18 = 10n ** 18n
const E16 = 10n ** 16n
const E30 = 10n ** 30n
const UINT96_MAX = 2n ** 96n - 1n

const position = (amount: bigint, unlockedAmount = 0n, burnPercentage = 0n): Position => ({
  amount,
  burnPercentage,
  unlockedAmount,
})

describe('hasPosition', () => {
  it.each<[string, Position, boolean]>([
    ['an address that was never allocated', position(0n), false],
    ['a zero position with a burn percentage', position(0n, 0n, E18 / 4n), false],
    ['one wei in the position', position(1n), true],
    ['a position that was fully unlocked and taken', position(500n, 500n), true],
    ['only an unlocked amount', position(0n, 5n), true],
  ])('%s → %s', (_, value, expected) => {
    expect(hasPosition(value)).toBe(expected)
  })
})

describe('vestedAmount', () => {
  it.each<[string, bigint, Schedule, bigint, bigint]>([
    ['nothing before the claim window', 1000n, short, short.claimStart - 1n, 0n],
    ['nothing in the claim window', 1000n, short, short.claimEnd - 1n, 0n],
    ['nothing while locked', 1000n, short, short.claimEnd, 0n],
    ['nothing the second before unlockStart', 1000n, short, short.unlockStart - 1n, 0n],
    ['nothing at unlockStart', 1000n, short, short.unlockStart, 0n],
    ['1/1000 one second into unlocking', 1000n, short, short.unlockStart + 1n, 1n],
    ['half halfway', 1000n, short, 1500n, 500n],
    ['rounded down: 999 × 1/1000', 999n, short, short.unlockStart + 1n, 0n],
    ['rounded down: 999 × 999/1000', 999n, short, short.unlockEnd - 1n, 998n],
    ['999/1000 the second before unlockEnd', 1000n, short, short.unlockEnd - 1n, 999n],
    ['everything at unlockEnd', 1000n, short, short.unlockEnd, 1000n],
    ['everything long after unlockEnd', 1000n, short, short.unlockEnd + 10n ** 9n, 1000n],
    ['zero amount at unlockEnd', 0n, short, short.unlockEnd, 0n],
    ['zero amount halfway', 0n, short, 1500n, 0n],
    ['1 wei the second before unlockEnd', 1n, short, short.unlockEnd - 1n, 0n],
    ['1 wei at unlockEnd', 1n, short, short.unlockEnd, 1n],
    ['10^30 wei one second into a year', E30, production, production.unlockStart + 1n, 31709791983764586504312n],
    [
      '10^30 wei the second before the end of a year',
      E30,
      production,
      production.unlockEnd - 1n,
      999999968290208016235413495687n,
    ],
    ['10^30 wei half a year in', E30, production, production.unlockStart + 15768000n, E30 / 2n],
    ['10^30 wei at unlockEnd', E30, production, production.unlockEnd, E30],
    ['uint96 max halfway', UINT96_MAX, short, 1500n, 39614081257132168796771975167n],
  ])('%s', (_, amount, schedule, now, expected) => {
    expect(vestedAmount(amount, schedule, now)).toBe(expected)
  })
})

describe('claimableAmount', () => {
  it.each<[string, Position, bigint, bigint]>([
    ['nothing while locked', position(1000n), short.unlockStart - 1n, 0n],
    ['nothing at unlockStart', position(1000n), short.unlockStart, 0n],
    ['all that vested when nothing was taken', position(1000n), 1500n, 500n],
    ['vested minus what was taken', position(1000n, 200n), 1500n, 300n],
    ['nothing when everything vested was taken', position(1000n, 500n), 1500n, 0n],
    ['clamped at 0 when more was taken than vested', position(1000n, 600n), 1500n, 0n],
    ['the rest at unlockEnd', position(1000n, 300n), short.unlockEnd, 700n],
    ['nothing once all was taken', position(1000n, 1000n), short.unlockEnd + 1n, 0n],
    ['nothing for an empty position', position(0n), short.unlockEnd, 0n],
    ['1 wei at unlockEnd', position(1n), short.unlockEnd, 1n],
    ['10^30 wei at unlockEnd after taking 1 wei', position(E30, 1n), short.unlockEnd, E30 - 1n],
  ])('%s', (_, value, now, expected) => {
    expect(claimableAmount(value, short, now)).toBe(expected)
  })
})

describe('claimSplit', () => {
  const QUARTER = E18 / 4n
  const THIRD = 333333333333333333n
  it.each<[string, bigint, number, bigint, ClaimSplit]>([
    ['empty position', 0n, 100, QUARTER, { claimed: 0n, burned: 0n, received: 0n }],
    ['0 % takes nothing', 1000n * E18, 0, QUARTER, { claimed: 0n, burned: 0n, received: 0n }],
    [
      '37 % with a 25 % burn',
      1000n * E18,
      37,
      QUARTER,
      { claimed: 370n * E18, burned: 925n * 10n ** 17n, received: 2775n * 10n ** 17n },
    ],
    [
      '100 % with a 25 % burn',
      1000n * E18,
      100,
      QUARTER,
      { claimed: 1000n * E18, burned: 250n * E18, received: 750n * E18 },
    ],
    ['claimed rounds down: 999 × 37 %', 999n, 37, QUARTER, { claimed: 369n, burned: 92n, received: 277n }],
    ['burn rounds down, the holder keeps the odd wei', 7n, 100, E18 / 2n, { claimed: 7n, burned: 3n, received: 4n }],
    ['1 wei at 100 % with a 25 % burn burns nothing', 1n, 100, QUARTER, { claimed: 1n, burned: 0n, received: 1n }],
    ['1 wei at 100 % with a 100 % burn', 1n, 100, E18, { claimed: 1n, burned: 1n, received: 0n }],
    ['1 wei at 37 % rounds to nothing', 1n, 37, E18, { claimed: 0n, burned: 0n, received: 0n }],
    ['10^30 wei, 100 %, no burn', E30, 100, 0n, { claimed: E30, burned: 0n, received: E30 }],
    ['10^30 wei, 100 %, 100 % burn', E30, 100, E18, { claimed: E30, burned: E30, received: 0n }],
    [
      '10^30 wei, 37 %, one third burned',
      E30,
      37,
      THIRD,
      {
        claimed: 370000000000000000000000000000n,
        burned: 123333333333333333210000000000n,
        received: 246666666666666666790000000000n,
      },
    ],
    [
      'uint96 max at 100 % is the whole position',
      UINT96_MAX,
      100,
      0n,
      { claimed: UINT96_MAX, burned: 0n, received: UINT96_MAX },
    ],
    [
      'uint96 max at 37 %',
      UINT96_MAX,
      37,
      E18,
      { claimed: 29314420130277804909611261623n, burned: 29314420130277804909611261623n, received: 0n },
    ],
  ])('%s', (_, amount, percent, burnPercentage, expected) => {
    expect(claimSplit(amount, percent, burnPercentage)).toEqual(expected)
  })

  it.each([37.5, -1, 101, Number.NaN, Number.POSITIVE_INFINITY])('rejects a percent of %s', (percent) => {
    expect(() => claimSplit(1000n, percent, 0n)).toThrow(RangeError)
  })

  it('rejects a burn percentage above 100 %', () => {
    expect(() => claimSplit(1000n, 100, E18 + 1n)).toThrow(RangeError)
  })

  it('rejects a negative burn percentage or amount', () => {
    expect(() => claimSplit(1000n, 100, -1n)).toThrow(RangeError)
    expect(() => claimSplit(-1n, 100, 0n)).toThrow(RangeError)
  })
})

describe('unlockProgressPercent', () => {
  it.each<[string, Position, Schedule, bigint, number]>([
    ['0 for an empty position', position(0n), short, short.unlockEnd, 0],
    ['0 while locked', position(1000n), short, short.unlockStart - 1n, 0],
    ['0 at unlockStart', position(1000n), short, short.unlockStart, 0],
    ['0.1 one second into a 1000 s unlock', position(1000n), short, short.unlockStart + 1n, 0.1],
    ['50 halfway', position(1000n), short, 1500n, 50],
    ['99.9 the second before unlockEnd', position(1000n), short, short.unlockEnd - 1n, 99.9],
    ['100 at unlockEnd', position(1000n), short, short.unlockEnd, 100],
    ['100 long after unlockEnd', position(1000n), short, short.unlockEnd + 10n ** 6n, 100],
    ['vested, not taken: 50 even after taking it all', position(1000n, 500n), short, 1500n, 50],
    ['1 wei has not vested the second before unlockEnd', position(1n), short, short.unlockEnd - 1n, 0],
    ['rounded down to 0.01: 2 of 3 is 66.66', position(3n), short, 1667n, 66.66],
    ['10^30 wei a third of a year in', position(E30), production, production.unlockStart + 10512000n, 33.33],
  ])('%s', (_, value, schedule, now, expected) => {
    expect(unlockProgressPercent(value, schedule, now)).toBe(expected)
  })
})

describe('formatBurnPercentage', () => {
  it.each<[bigint, string]>([
    [0n, '0.0'],
    [25n * E16, '25.0'],
    [125n * 10n ** 15n, '12.5'],
    [E18, '100.0'],
    [123456789012345678n, '12.3'],
    [E18 - 1n, '99.9'],
    [10n ** 15n - 1n, '0.0'],
    [10n ** 15n, '0.1'],
    [5n * E16, '5.0'],
  ])('%s → %s', (value, expected) => {
    expect(formatBurnPercentage(value)).toBe(expected)
  })

  it("with the language's decimal separator", () => {
    expect(formatBurnPercentage(125n * 10n ** 15n, 'de')).toBe('12,5')
    expect(formatBurnPercentage(25n * E16, 'fr')).toBe('25,0')
    expect(formatBurnPercentage(25n * E16, 'ar')).toBe('25.0')
  })

  it('rejects a negative value', () => {
    expect(() => formatBurnPercentage(-1n)).toThrow(RangeError)
  })
})
