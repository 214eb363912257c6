import { describe, expect, it } from 'vitest'
import {
  isPhase,
  nextPhaseStart,
  type Phase,
  phaseAt,
  PRODUCTION_SCHEDULE as production,
  type Schedule,
} from './schedule'

/** A schedule whose lock is empty: unlocking starts the second the claim window closes. */
const noLock: Schedule = { claimStart: 100n, claimEnd: 200n, unlockStart: 200n, unlockEnd: 300n }

describe('phaseAt', () => {
  const { claimStart, claimEnd, unlockStart, unlockEnd } = production
  it.each<[string, bigint, Phase]>([
    ['long before the claim window', 0n, 'before'],
    ['claimStart − 1', claimStart - 1n, 'before'],
    ['claimStart', claimStart, 'claim'],
    ['claimStart + 1', claimStart + 1n, 'claim'],
    ['claimEnd − 1', claimEnd - 1n, 'claim'],
    ['claimEnd', claimEnd, 'locked'],
    ['unlockStart − 1', unlockStart - 1n, 'locked'],
    ['unlockStart', unlockStart, 'unlocking'],
    ['unlockEnd − 1', unlockEnd - 1n, 'unlocking'],
    ['unlockEnd', unlockEnd, 'ended'],
    ['long after unlockEnd', unlockEnd + 10n ** 9n, 'ended'],
  ])('production schedule at %s is %s', (_, now, phase) => {
    expect(phaseAt(production, now)).toBe(phase)
  })

  it.each<[bigint, Phase]>([
    [99n, 'before'],
    [100n, 'claim'],
    [199n, 'claim'],
    [200n, 'unlocking'],
    [299n, 'unlocking'],
    [300n, 'ended'],
  ])('with no lock between claimEnd and unlockStart, t = %s is %s', (now, phase) => {
    expect(phaseAt(noLock, now)).toBe(phase)
  })
})

describe('isPhase', () => {
  it.each([
    ...['before', 'claim', 'locked', 'unlocking', 'ended'].map((name) => [name, true] as const),
    ['unlock', false] as const,
    ['', false] as const,
  ])('%j → %s', (name, expected) => {
    expect(isPhase(name)).toBe(expected)
  })
})

describe('nextPhaseStart', () => {
  const schedule: Schedule = { claimStart: 100n, claimEnd: 200n, unlockStart: 300n, unlockEnd: 400n }
  it.each<[bigint, bigint | undefined]>([
    [99n, 100n],
    [100n, 200n],
    [199n, 200n],
    [200n, 300n],
    [300n, 400n],
    [399n, 400n],
    [400n, undefined],
  ])('at %s the next phase starts at %s', (now, next) => {
    expect(nextPhaseStart(schedule, now)).toBe(next)
  })

  it('skips an empty lock: the claim window ends when unlocking starts', () => {
    expect(nextPhaseStart(noLock, 150n)).toBe(200n)
    expect(nextPhaseStart(noLock, 200n)).toBe(300n)
  })
})
