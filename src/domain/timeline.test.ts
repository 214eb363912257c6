import { describe, expect, it } from 'vitest'
import { formatDateTime, formatTokenAmount } from './format'
import type { Position } from './position'
import { PRODUCTION_SCHEDULE } from './schedule'
import { axisPosition, timelineFacts, timelineText } from './timeline'

const E18 = 10n ** 18n
const format = {
  date: (epochSeconds: bigint) => formatDateTime(epochSeconds, 'en-US', 'UTC'),
  amount: (value: bigint) => `${formatTokenAmount(value, 18)} NAI`,
}
const { claimStart, claimEnd, unlockStart, unlockEnd } = PRODUCTION_SCHEDULE
const position: Position = { amount: 1000n * E18, burnPercentage: 25n * 10n ** 16n, unlockedAmount: 0n }
const STRETCHES = (window: string, lock = '', unlock = '') => [
  `Claim window (${window}): Oct 30, 2024, 7:00 PM UTC to Nov 13, 2024, 7:00 PM UTC.`,
  `Lock: Nov 13, 2024, 7:00 PM UTC to Feb 1, 2026, 7:00 PM UTC${lock}.`,
  `Linear unlock: Feb 1, 2026, 7:00 PM UTC to Feb 1, 2027, 7:00 PM UTC${unlock}.`,
]
const quarter = unlockStart + (unlockEnd - unlockStart) / 4n

describe('timelineText', () => {
  it.each<[string, bigint, Position, string[]]>([
    [
      'before the window',
      claimStart - 86_400n,
      position,
      [
        ...STRETCHES('opens'),
        'You are here: Oct 29, 2024, 7:00 PM UTC.',
        '1,000 NAI in your position. Whatever is left when the claim window closes stays locked until Feb 1, 2026, 7:00 PM UTC.',
      ],
    ],
    [
      'in the window',
      claimStart + 86_400n,
      position,
      [
        ...STRETCHES('open now'),
        'You are here: Oct 31, 2024, 7:00 PM UTC.',
        '1,000 NAI in your position. Whatever is left when the claim window closes stays locked until Feb 1, 2026, 7:00 PM UTC.',
      ],
    ],
    [
      'locked',
      claimEnd + 86_400n,
      position,
      [
        ...STRETCHES('closed', ' (now)'),
        'You are here: Nov 14, 2024, 7:00 PM UTC.',
        'Unlocked: 0 NAI of 1,000 NAI. Counted as claimed: 0 NAI. Claimable: 0 NAI. Still locked: 1,000 NAI.',
      ],
    ],
    [
      'a quarter unlocked, 100 claimed',
      quarter,
      { ...position, unlockedAmount: 100n * E18 },
      [
        ...STRETCHES('closed', '', ' (now)'),
        'You are here: May 4, 2026, 1:00 AM UTC.',
        'Unlocked: 250 NAI of 1,000 NAI. Counted as claimed: 100 NAI. Claimable: 150 NAI. Still locked: 750 NAI.',
      ],
    ],
    [
      'ended, all claimed',
      unlockEnd + 86_400n,
      { ...position, unlockedAmount: position.amount },
      [
        ...STRETCHES('closed', '', ' (complete)'),
        'You are here: Feb 2, 2027, 7:00 PM UTC.',
        'All 1,000 NAI have unlocked and been claimed.',
      ],
    ],
    [
      'claimed in full in the window',
      claimEnd + 86_400n,
      { ...position, amount: 0n },
      [
        ...STRETCHES('closed', ' (now)'),
        'You are here: Nov 14, 2024, 7:00 PM UTC.',
        'Your whole position has been claimed: nothing is left to unlock.',
      ],
    ],
  ])('%s', (_, now, held, lines) => {
    expect(timelineText(timelineFacts(PRODUCTION_SCHEDULE, held, now), format)).toEqual(lines)
  })

  it('adds the claim and burn once the history is known', () => {
    const record = { at: claimStart + 3_600n, amount: 400n * E18, received: 300n * E18, burned: 100n * E18 }
    const lines = timelineText(timelineFacts(PRODUCTION_SCHEDULE, position, claimEnd, [record]), format)
    expect(lines.at(-1)).toBe(
      'Claimed and burned on Oct 30, 2024, 8:00 PM UTC: 400 NAI claimed, 300 NAI received, 100 NAI burned.',
    )
  })
})

describe('axisPosition', () => {
  it.each([
    [claimStart - 1n, 0],
    [claimStart, 0],
    [claimEnd, 0.15],
    [unlockStart, 0.5],
    [quarter, 0.625],
    [unlockEnd, 1],
    [unlockEnd + 1n, 1],
  ])('%s → %s', (at, expected) => {
    expect(axisPosition(PRODUCTION_SCHEDULE, at)).toBeCloseTo(expected, 4)
  })
})
