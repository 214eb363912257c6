// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatTokenAmount } from '../../../domain/format'
import { PRODUCTION_SCHEDULE } from '../../../domain/schedule'
import { WithI18n } from '../../../i18n/testing'
import type { VestingActions } from '../actions'
import { LockPanel } from './LockPanel'

const { unlockStart } = PRODUCTION_SCHEDULE
const NAI = 10n ** 18n
const format = (value: bigint) => `${formatTokenAmount(value, 18)} NAI`
const actions = { pending: null, unlock: vi.fn() } as unknown as VestingActions

function tick(seconds: number) {
  for (let second = 0; second < seconds; second++) act(() => vi.advanceTimersByTime(1_000))
}

beforeEach(() => {
  vi.useFakeTimers()
  // A month and half a day into the unlock: no day of the countdown ends in the next hour.
  vi.setSystemTime(Number(unlockStart + 30n * 86_400n + 43_200n) * 1000)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the unlocking panel while idle', () => {
  it('re-renders only when a figure it shows changes, never on a bare tick', () => {
    let commits = 0
    // 1,000 NAI unlock over a year: a hundredth of a token every 315 seconds or so.
    const position = { amount: 1_000n * NAI, burnPercentage: 0n, unlockedAmount: 0n }
    render(
      <Profiler id="panel" onRender={() => commits++}>
        <LockPanel
          phase="unlocking"
          schedule={PRODUCTION_SCHEDULE}
          position={position}
          format={format}
          actions={actions}
          disabledReason={null}
        />
      </Profiler>,
      { wrapper: WithI18n },
    )
    const claimable = () => screen.getByText('Claimable').nextElementSibling?.textContent
    const first = claimable()
    expect(first).toBe('83.56 NAI')
    expect(commits).toBe(1)
    tick(60)
    expect(claimable()).toBe(first)
    expect(commits).toBe(1)
    tick(600)
    expect(claimable()).not.toBe(first)
    expect(screen.getByRole('button').textContent).toBe(`Claim ${claimable()}`)
    expect(commits).toBeGreaterThan(1)
    expect(commits).toBeLessThanOrEqual(4)
  })
})
