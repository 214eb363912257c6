// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useClockTexts, useClockValue } from './clock'

const START_MS = Date.UTC(2026, 0, 1, 12, 0, 0)
const START = BigInt(START_MS / 1000)

/** Shows whether `at` has passed, recording each render. */
function Passed({ at, renders }: { at: bigint; renders: boolean[] }) {
  const passed = useClockValue((now) => now >= at)
  renders.push(passed)
  return <span>{passed ? 'passed' : 'not yet'}</span>
}

/** A countdown written by the clock, recording each render. */
function TextCountdown({ to, renders }: { to: bigint; renders: string[] }) {
  const { ref, texts } = useClockTexts((now) => [`${to - now}`, 's'] as const)
  renders.push(texts.join(' '))
  return (
    <span ref={ref}>
      <span>{texts[0]}</span> <span>{texts[1]}</span>
    </span>
  )
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

describe('a hidden page', () => {
  function setVisibility(state: 'hidden' | 'visible') {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
    act(() => document.dispatchEvent(new Event('visibilitychange')))
  }
  afterEach(() => setVisibility('visible'))

  it('stops the clock while hidden and catches up at once when shown again', () => {
    const renders: string[] = []
    const { container } = render(<TextCountdown to={START + 100n} renders={renders} />)
    tick(2)
    expect(container.textContent).toBe('98 s')
    setVisibility('hidden')
    expect(vi.getTimerCount()).toBe(0)
    tick(30)
    expect(container.textContent).toBe('98 s')
    setVisibility('visible')
    expect(container.textContent).toBe('68 s')
    expect(vi.getTimerCount()).toBe(1)
    tick(1)
    expect(container.textContent).toBe('67 s')
    expect(renders).toEqual(['100 s'])
  })
})

describe('useClockTexts', () => {
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
