// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react'
import { HttpRequestError } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AnswerBehindError } from '../../lib/readFloors'
import { type Busy, busySentence, useBusyRetry } from './busy'

describe('busySentence', () => {
  it.each<[Busy, string]>([
    [{ secondsLeft: 7, behind: false }, 'The network is busy — retrying in 7 s.'],
    [{ secondsLeft: 0, behind: false }, 'The network is busy — retrying now…'],
    [{ secondsLeft: 3, behind: true }, 'The network has not caught up with these figures yet — asking again in 3 s.'],
    [{ secondsLeft: 0, behind: true }, 'The network has not caught up with these figures yet — asking again now…'],
  ])('%j', (busy, sentence) => expect(busySentence(busy)).toBe(sentence))
})

const busyError = () => new HttpRequestError({ url: 'https://rpc.example.org', status: 429 })

describe('useBusyRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 })
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  type Read = Parameters<typeof useBusyRetry>[0]
  function setup(initial: Omit<Read, 'refetch'>) {
    const refetch = vi.fn()
    const hook = renderHook((read: Read) => useBusyRetry(read), { initialProps: { ...initial, refetch } })
    return { refetch, hook, update: (read: Omit<Read, 'refetch'>) => hook.rerender({ ...read, refetch }) }
  }

  it('counts down, retries once when the wait is over, and waits longer after the next failure', () => {
    const { refetch, hook, update } = setup({
      error: busyError(),
      errorUpdatedAt: Date.now(),
      dataUpdatedAt: 0,
      isFetching: false,
    })
    // 1 s, then half of the first window of 4 s.
    expect(hook.result.current).toEqual({ secondsLeft: 3, behind: false })
    act(() => vi.advanceTimersByTime(1_000))
    expect(hook.result.current).toEqual({ secondsLeft: 2, behind: false })
    act(() => vi.advanceTimersByTime(1_000))
    expect(refetch).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1_000))
    expect(refetch).toHaveBeenCalledTimes(1)

    update({ error: busyError(), errorUpdatedAt: Date.now() - 3_000, dataUpdatedAt: 0, isFetching: true })
    expect(hook.result.current).toEqual({ secondsLeft: 0, behind: false })
    const failedAgain = Date.now()
    update({ error: busyError(), errorUpdatedAt: failedAgain, dataUpdatedAt: 0, isFetching: false })
    // 1 s, then a quarter of the second window of 12 s, then half of the rest: 8.5 s.
    expect(hook.result.current).toEqual({ secondsLeft: 9, behind: false })
    act(() => vi.advanceTimersByTime(8_000))
    expect(refetch).toHaveBeenCalledTimes(1)
    act(() => vi.advanceTimersByTime(1_000))
    expect(refetch).toHaveBeenCalledTimes(2)
  })

  it('waits as long as a readable Retry-After asks, plus the draw that spreads a refused crowd', () => {
    const limited = new HttpRequestError({
      url: 'https://rpc.example.org',
      status: 429,
      headers: new Headers({ 'Retry-After': '20' }),
    })
    const { hook } = setup({ error: limited, errorUpdatedAt: Date.now(), dataUpdatedAt: 0, isFetching: false })
    // 20 s asked, then half of the first window of 4 s.
    expect(hook.result.current).toEqual({ secondsLeft: 22, behind: false })
  })

  it('starts counting again from the first wait after a read succeeds', () => {
    const t0 = Date.now()
    const { hook, update } = setup({ error: busyError(), errorUpdatedAt: t0 - 30, dataUpdatedAt: 0, isFetching: false })
    update({ error: busyError(), errorUpdatedAt: t0 - 20, dataUpdatedAt: 0, isFetching: false })
    expect(hook.result.current).toEqual({ secondsLeft: 9, behind: false })
    update({ error: null, errorUpdatedAt: t0 - 20, dataUpdatedAt: t0 - 10, isFetching: false })
    expect(hook.result.current).toBeNull()
    update({ error: busyError(), errorUpdatedAt: t0 - 5, dataUpdatedAt: t0 - 10, isFetching: false })
    expect(hook.result.current).toEqual({ secondsLeft: 3, behind: false })
  })

  it('leaves other failures alone, and busy ones while the device is offline', () => {
    const { refetch, hook, update } = setup({
      error: new Error('execution reverted'),
      errorUpdatedAt: Date.now(),
      dataUpdatedAt: 0,
      isFetching: false,
    })
    expect(hook.result.current).toBeNull()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    act(() => {
      window.dispatchEvent(new Event('offline'))
    })
    update({ error: busyError(), errorUpdatedAt: Date.now() + 1, dataUpdatedAt: 0, isFetching: false })
    expect(hook.result.current).toBeNull()
    act(() => vi.advanceTimersByTime(120_000))
    expect(refetch).not.toHaveBeenCalled()
  })

  it('retries a read the endpoints answered only from nodes behind the figures shown, and says so', () => {
    const { refetch, hook } = setup({
      error: new AnswerBehindError(97n, 100n),
      errorUpdatedAt: Date.now(),
      dataUpdatedAt: 0,
      isFetching: false,
    })
    // 1 s, then half of the first window of 4 s.
    expect(hook.result.current).toEqual({ secondsLeft: 3, behind: true })
    act(() => vi.advanceTimersByTime(3_000))
    expect(refetch).toHaveBeenCalledTimes(1)
  })
})
