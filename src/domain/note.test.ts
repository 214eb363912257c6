import { describe, expect, it } from 'vitest'
import { formatDateTime } from './format'
import { claimWindowNote, claimWindowNoteText } from './note'
import { PRODUCTION_SCHEDULE } from './schedule'

const utc = (epochSeconds: bigint) => formatDateTime(epochSeconds, 'en-US', 'UTC')
const { claimStart, claimEnd, unlockStart, unlockEnd } = PRODUCTION_SCHEDULE

describe('claimWindowNote', () => {
  it.each([
    ['before the window', claimStart - 1n],
    ['in the window', claimStart],
    ['one second before it closes', claimEnd - 1n],
  ])('%s: the choice to make before the end date', (_, now) => {
    expect(claimWindowNoteText(claimWindowNote(PRODUCTION_SCHEDULE, now), utc)).toBe(
      'Make your choice before Nov 13, 2024, 7:00 PM UTC to avoid having your tokens automatically locked.',
    )
  })

  it.each([
    ['as it closes', claimEnd],
    ['while locked', unlockStart - 1n],
    ['while unlocking', unlockStart],
    ['after the unlock', unlockEnd + 1n],
  ])('%s: when it closed and what happened to untouched tokens', (_, now) => {
    expect(claimWindowNoteText(claimWindowNote(PRODUCTION_SCHEDULE, now), utc)).toBe(
      'The claim window closed on Nov 13, 2024, 7:00 PM UTC. Tokens left untouched were locked automatically for ' +
        '12 months, then unlock linearly over another 12 months.',
    )
  })

  it('carries the end date itself, for a <time> element', () => {
    expect(claimWindowNote(PRODUCTION_SCHEDULE, claimEnd + 5n).date).toBe(claimEnd)
  })
})
