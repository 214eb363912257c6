// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WithI18n } from '../../../i18n/testing'
import { Countdown } from './Countdown'

const START_MS = Date.UTC(2026, 0, 1, 12, 0, 0)
const START = BigInt(START_MS / 1000)
const DAY = 86_400n

function tick(seconds: number) {
  for (let second = 0; second < seconds; second++) act(() => vi.advanceTimersByTime(1_000))
}

function renderCountdown(to: bigint) {
  const commits = { count: 0 }
  const { container } = render(
    <Profiler id="countdown" onRender={() => commits.count++}>
      <Countdown to={to} />
    </Profiler>,
    { wrapper: WithI18n },
  )
  const digits = () => [...container.querySelectorAll('.countdown-digits')].map((element) => element.textContent)
  return { container, commits, digits }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(START_MS)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('Countdown', () => {
  it('writes hours, minutes and seconds into boxes of their own each second, without rendering again', () => {
    const { container, commits, digits } = renderCountdown(START + 12n * DAY + 3n * 3600n + 4n * 60n + 5n)
    expect(container.textContent).toBe('12 days 03:04:05')
    expect(digits()).toEqual(['03', '04', '05'])
    tick(6)
    expect(container.textContent).toBe('12 days 03:03:59')
    expect(digits()).toEqual(['03', '03', '59'])
    expect(commits.count).toBe(1)
  })

  it('renders again when the days change: "1 day", then the clock alone, then "Expired"', () => {
    const { container, commits } = renderCountdown(START + DAY + 2n)
    expect(container.textContent).toBe('1 day 00:00:02')
    tick(2)
    expect(container.textContent).toBe('1 day 00:00:00')
    tick(1)
    expect(container.textContent).toBe('23:59:59')
    expect(commits.count).toBe(2)
    act(() => vi.advanceTimersByTime(86_398_000))
    expect(container.textContent).toBe('00:00:01')
    tick(1)
    expect(container.textContent).toBe('Expired')
    expect(container.querySelectorAll('.countdown-digits')).toHaveLength(0)
    expect(commits.count).toBe(3)
  })

  it('turns as each second begins, however far into a second it was first shown', () => {
    vi.setSystemTime(START_MS + 700)
    const { container } = renderCountdown(START + 10n)
    expect(container.textContent).toBe('00:00:10')
    act(() => vi.advanceTimersByTime(299))
    expect(container.textContent).toBe('00:00:10')
    act(() => vi.advanceTimersByTime(1))
    expect(container.textContent).toBe('00:00:09')
  })
})
