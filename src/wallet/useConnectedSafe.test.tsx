// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SafeAccount } from './safeAccount'

const account = vi.hoisted(() => ({ connector: { type: 'walletConnect' } as { type: string } | undefined }))
const answers = vi.hoisted(() => ({ queue: [] as ('busy' | 'safe' | 'key')[], asked: 0 }))

vi.mock('wagmi', () => ({
  useAccount: () => ({ address: '0x5afe00000000000000000000000000000000cafe', connector: account.connector }),
  useClient: () => client,
  useConfig: () => ({ chains: [{ id: 31337 }] }),
  useCapabilities: () => ({ isPending: false, data: undefined }),
}))
vi.mock('./safeAccount', () => ({
  connectedSafe: () => {
    answers.asked++
    const answer = answers.queue.shift() ?? 'busy'
    if (answer === 'busy') return Promise.reject(new Error('HTTP request failed. Status: 429'))
    return Promise.resolve(answer === 'safe' ? safeAccount : undefined)
  },
}))

const client = { chain: { id: 31337 } }
const safeAccount: SafeAccount = { version: '1.4.1', threshold: 2, owners: [] }

const { RECHECK_MS, RECHECK_MAX_MS, useConnectedSafe } = await import('./batching')

describe('useConnectedSafe', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    answers.queue = []
    answers.asked = 0
    account.connector = { type: 'walletConnect' }
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('a check the endpoint failed at connect is asked again, the wait doubling, until the Safe is known', async () => {
    answers.queue = ['busy', 'busy', 'safe']
    const { result } = renderHook(() => useConnectedSafe())
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(answers.asked).toBe(1)
    expect(result.current).toBeUndefined()
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS))
    expect(answers.asked).toBe(2)
    await act(() => vi.advanceTimersByTimeAsync(2 * RECHECK_MS - 1))
    expect(answers.asked).toBe(2)
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(answers.asked).toBe(3)
    expect(result.current).toEqual(safeAccount)
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MAX_MS * 2))
    expect(answers.asked).toBe(3)
  })

  it('an account the chain says is not a Safe is not asked again', async () => {
    answers.queue = ['key']
    const { result } = renderHook(() => useConnectedSafe())
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MAX_MS * 2))
    expect(answers.asked).toBe(1)
    expect(result.current).toBeUndefined()
  })

  it('a failing endpoint is asked at most once a minute, and never after the page leaves the account', async () => {
    const { unmount } = renderHook(() => useConnectedSafe())
    await act(() => vi.advanceTimersByTimeAsync(0))
    // 5, 10, 20, 40, then 60 s between asks.
    await act(() => vi.advanceTimersByTimeAsync(5_000 + 10_000 + 20_000 + 40_000 + 60_000 + 60_000))
    expect(answers.asked).toBe(7)
    unmount()
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MAX_MS * 3))
    expect(answers.asked).toBe(7)
  })

  it('a wallet in the page is never asked', async () => {
    account.connector = { type: 'injected' }
    renderHook(() => useConnectedSafe())
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MAX_MS))
    expect(answers.asked).toBe(0)
  })
})
