// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type ChangesAt,
  daysChange,
  nextMinute,
  reaching,
  reachingAny,
  reportChainTime,
  useClockTexts,
  useClockValue,
} from './clock'

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
  const { ref, texts } = useClockTexts((now) => [`${to - BigInt(now)}`, 's'] as const)
  renders.push(texts.join(' '))
  return (
    <span ref={ref}>
      <span>{texts[0]}</span> <span>{texts[1]}</span>
    </span>
  )
}

/** The minute, written by the clock as it changes, recording each render and each time it is formatted. */
function MinuteText({ renders, formatted }: { renders: string[]; formatted: number[] }) {
  const { ref, texts } = useClockTexts((now) => {
    formatted.push(now)
    return [`minute ${Math.floor(now / 60)}`] as const
  }, nextMinute)
  renders.push(texts[0])
  return (
    <p ref={ref}>
      <span>{texts[0]}</span>
    </p>
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

/** Whether `at` has passed, with `changesAt`, counting how often the selector runs. */
function Waiting({ at, changesAt, looks }: { at: bigint; changesAt: ChangesAt; looks: { count: number } }) {
  const passed = useClockValue((now) => {
    looks.count++
    return now >= at
  }, changesAt)
  return <span>{passed ? 'passed' : 'not yet'}</span>
}

describe('useClockValue with the second it may change', () => {
  it('looks at its value only at that second, not on every tick', () => {
    const looks = { count: 0 }
    const { container } = render(<Waiting at={START + 30n} changesAt={reaching(START + 30n)} looks={looks} />)
    const atMount = looks.count
    tick(29)
    expect(looks.count).toBe(atMount)
    expect(container.textContent).toBe('not yet')
    tick(1)
    expect(container.textContent).toBe('passed')
    const atChange = looks.count
    tick(60)
    expect(looks.count).toBe(atChange)
  })

  it('follows a new second given by a later render, sooner than the one it waited for', () => {
    const looks = { count: 0 }
    const { container, rerender } = render(
      <Waiting at={START + 100n} changesAt={reaching(START + 100n)} looks={looks} />,
    )
    rerender(<Waiting at={START + 5n} changesAt={reaching(START + 5n)} looks={looks} />)
    tick(4)
    expect(container.textContent).toBe('not yet')
    tick(1)
    expect(container.textContent).toBe('passed')
  })

  it('looks again when the clock goes back, as a correction from the chain sets it', () => {
    const looks = { count: 0 }
    const { container } = render(<Waiting at={START + 5n} changesAt={reaching(START + 5n)} looks={looks} />)
    tick(6)
    expect(container.textContent).toBe('passed')
    // The chain's latest block is ten minutes behind the device: the page runs on the chain's time.
    act(() => reportChainTime(START - 600n, Date.now()))
    expect(container.textContent).toBe('not yet')
    act(() => reportChainTime(BigInt(Math.floor(Date.now() / 1000)), Date.now()))
    expect(container.textContent).toBe('passed')
  })

  it("is woken in step with the clock's jumps forward, such as a page shown again", () => {
    const looks = { count: 0 }
    const { container } = render(<Waiting at={START + 3_600n} changesAt={reaching(START + 3_600n)} looks={looks} />)
    act(() => vi.advanceTimersByTime(3_600_000))
    expect(container.textContent).toBe('passed')
  })
})

describe('the seconds at which a value may change', () => {
  /**
   * `changesAt` is never late: `value` (which only ever moves one way, as the clock does) is the same on the second
   * before the one it gives as now, for each second from `from` to `to`.
   */
  function neverLate(changesAt: ChangesAt, value: (now: bigint) => unknown, from: bigint, to: bigint) {
    for (let now = from; now <= to; now++) {
      const due = changesAt(now)
      const last = due === undefined ? to : due - 1n
      if (value(last) !== value(now)) throw new Error(`At ${now}: changed by ${last}, before ${due}.`)
    }
  }

  it("a countdown's days: at or before each change, and nothing once expired", () => {
    const to = 3n * 86_400n + 5n
    // What a countdown shows before its clock: whole days left, or nothing once expired.
    const days = (now: bigint) => (to - now <= 0n ? -1n : (to - now) / 86_400n)
    neverLate(daysChange(to), days, to - 2n * 86_400n - 20n, to + 3n)
    expect(daysChange(to)(to - 86_400n - 1n)).toBe(to - 86_400n)
    expect(daysChange(to)(to - 10n)).toBe(to)
    expect(daysChange(to)(to)).toBeUndefined()
  })

  it('the minute, and moments reached', () => {
    neverLate(nextMinute, (now) => now / 60n, 0n, 200n)
    expect(nextMinute(119n)).toBe(120n)
    expect(nextMinute(120n)).toBe(180n)
    const moments = [50n, 10n, 30n]
    neverLate(reachingAny(moments), (now) => moments.filter((at) => now >= at).length, 0n, 60n)
    expect(reachingAny(moments)(10n)).toBe(30n)
    expect(reachingAny(moments)(50n)).toBeUndefined()
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

  it('with a second it may change at, formats and writes the text only then, still without a render', () => {
    const renders: string[] = []
    const formatted: number[] = []
    const { container } = render(<MinuteText renders={renders} formatted={formatted} />)
    const minute = Number(START) / 60
    const item = container.querySelector('span')
    expect(container.textContent).toBe(`minute ${minute}`)
    formatted.length = 0
    tick(59)
    expect(formatted).toEqual([])
    tick(1)
    expect(container.textContent).toBe(`minute ${minute + 1}`)
    expect(formatted).toEqual([Number(START) + 60])
    tick(60)
    expect(container.textContent).toBe(`minute ${minute + 2}`)
    expect(formatted).toEqual([Number(START) + 60, Number(START) + 120])
    expect(renders).toEqual([`minute ${minute}`])
    expect(container.querySelector('span')).toBe(item)
  })

  it('stops writing once the element is gone', () => {
    const renders: string[] = []
    const { unmount } = render(<TextCountdown to={START + 10n} renders={renders} />)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
