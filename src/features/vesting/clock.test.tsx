// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useClockText, useClockValue, useNow } from './clock'

const START_MS = Date.UTC(2026, 0, 1, 12, 0, 0)
const START = BigInt(START_MS / 1000)

/** Shows whether `at` has passed, recording each render. */
function Passed({ at, renders }: { at: bigint; renders: boolean[] }) {
  const passed = useClockValue((now) => now >= at)
  renders.push(passed)
  return <span>{passed ? 'passed' : 'not yet'}</span>
}

/** Shows the current time, recording each render. */
function Clock({ seen }: { seen: bigint[] }) {
  const now = useNow()
  seen.push(now)
  return <span>{String(now)}</span>
}

/** A countdown written by the clock, recording each render. */
function TextCountdown({ to, renders }: { to: bigint; renders: string[] }) {
  const { ref, text } = useClockText((now) => `${to - now} s`)
  renders.push(text)
  return <span ref={ref}>{text}</span>
}

function tick(seconds: number) {
  for (let second = 0; second < seconds; second++) act(() => vi.advanceTimersByTime(1_000))
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(START_MS)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useClockValue', () => {
  it('re-renders only when the selected value changes, not on every tick', () => {
    const renders: boolean[] = []
    const { container } = render(<Passed at={START + 5n} renders={renders} />)
    tick(4)
    expect(container.textContent).toBe('not yet')
    expect(renders).toEqual([false])
    tick(1)
    expect(container.textContent).toBe('passed')
    expect(renders).toEqual([false, true])
    tick(10)
    expect(renders).toEqual([false, true])
  })
})

describe('useNow', () => {
  it('re-renders every second with the current time', () => {
    const seen: bigint[] = []
    const { container } = render(<Clock seen={seen} />)
    tick(3)
    expect(seen).toEqual([START, START + 1n, START + 2n, START + 3n])
    expect(container.textContent).toBe(String(START + 3n))
  })
})

describe('useClockText', () => {
  it('updates the text every second without re-rendering the component', () => {
    const renders: string[] = []
    const { container } = render(<TextCountdown to={START + 10n} renders={renders} />)
    expect(container.textContent).toBe('10 s')
    tick(3)
    expect(container.textContent).toBe('7 s')
    expect(renders).toEqual(['10 s'])
  })

  it('follows a new format from the next render on', () => {
    const renders: string[] = []
    const { container, rerender } = render(<TextCountdown to={START + 10n} renders={renders} />)
    tick(2)
    rerender(<TextCountdown to={START + 100n} renders={renders} />)
    expect(container.textContent).toBe('98 s')
    tick(1)
    expect(container.textContent).toBe('97 s')
  })

  it('stops writing once the element is gone', () => {
    const renders: string[] = []
    const { unmount } = render(<TextCountdown to={START + 10n} renders={renders} />)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
