// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatTokenAmount } from '../../../domain/format'
import { PRODUCTION_SCHEDULE } from '../../../domain/schedule'
import * as timeline from '../../../domain/timeline'
import { WithI18n } from '../../../i18n/testing'
import Timeline from './Timeline'

vi.mock('../../statement/useHolderHistory', () => ({ useHolderHistory: () => ({ state: { status: 'idle' } }) }))
vi.mock('../../../domain/timeline', async (actual) => {
  const module = await actual<typeof timeline>()
  return { ...module, axisPosition: vi.fn(module.axisPosition) }
})

const { claimStart, unlockStart, unlockEnd } = PRODUCTION_SCHEDULE
const NAI = 10n ** 18n
const HOLDER = '0x00000000000000000000000000000000000000a1'
const position = { amount: 1_000n * NAI, burnPercentage: 0n, unlockedAmount: 0n }
const format = (value: bigint) => `${formatTokenAmount(value, 18)} NAI`
const axisPosition = vi.mocked(timeline.axisPosition)

function renderTimeline() {
  render(<Timeline holder={HOLDER} schedule={PRODUCTION_SCHEDULE} position={position} format={format} />, {
    wrapper: WithI18n,
  })
  return {
    here: () => screen.getByText(/^You are here:/).textContent,
    hereLine: () => document.querySelector('.tl-here')?.getAttribute('x1'),
  }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  axisPosition.mockClear()
})

describe('the timeline while idle', () => {
  it('in the claim window: the text follows the minute, the chart is not drawn again', () => {
    vi.setSystemTime(Number(claimStart + 86_400n) * 1000)
    const { here, hereLine } = renderTimeline()
    expect(here()).toMatch(/^You are here: Oct 31, 2024, \d{1,2}:00/)
    const item = screen.getByText(/^You are here:/)
    const line = hereLine()
    axisPosition.mockClear()
    act(() => vi.advanceTimersByTime(60_000))
    expect(here()).toMatch(/^You are here: Oct 31, 2024, \d{1,2}:01/)
    // The minute is written into the same item: the list is not rendered again.
    expect(screen.getByText(/^You are here:/)).toBe(item)
    // One look a minute at where "you are here" stands; drawing the chart takes a dozen.
    expect(axisPosition).toHaveBeenCalledTimes(1)
    expect(hereLine()).toBe(line)
  })

  it('unlocking: the amounts follow the minute; the chart is drawn again once its unlocked share moves', () => {
    // Just before a thousandth of the position has unlocked: about 8 h 45 min into the unlock's year.
    const thousandthUnlocked = unlockStart + (unlockEnd - unlockStart) / 1000n
    vi.setSystemTime(Number(thousandthUnlocked - 30n) * 1000)
    const { hereLine } = renderTimeline()
    const unlocked = () => screen.getByText(/^Unlocked:/).textContent
    expect(unlocked()).toBe(
      'Unlocked: 0.99 NAI of 1,000 NAI. Counted as claimed: 0 NAI. Claimable: 0.99 NAI. Still locked: 999 NAI.',
    )
    const line = hereLine()
    axisPosition.mockClear()
    act(() => vi.advanceTimersByTime(60_000))
    expect(unlocked()).toBe(
      'Unlocked: 1 NAI of 1,000 NAI. Counted as claimed: 0 NAI. Claimable: 1 NAI. Still locked: 998.99 NAI.',
    )
    expect(axisPosition.mock.calls.length).toBeGreaterThan(1)
    expect(hereLine()).not.toBe(line)
  })
})
