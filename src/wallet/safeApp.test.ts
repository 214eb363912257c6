import { afterEach, describe, expect, it, vi } from 'vitest'
import { askReadOnlySafe, isReadOnlySafe, SAFE_VIEWER_TIMEOUT_MS } from './safeApp'

/** A Safe App provider as wagmi's Safe connector builds it: the info it connected with, and the SDK to ask again. */
function provider(safeAddress: string, connectedReadOnly: boolean, getInfo: () => Promise<unknown>) {
  return { safe: { safeAddress, isReadOnly: connectedReadOnly }, sdk: { safe: { getInfo } } }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('askReadOnlySafe: who may act is asked again, never taken from the connection', () => {
  it('an owner who connected in Safe{Wallet} after the app loaded: the fresh answer wins over the one it connected with', async () => {
    const getInfo = vi.fn(async () => ({ safeAddress: '0xa1', isReadOnly: false }))
    const safe = provider('0xA1', true, getInfo)
    expect(isReadOnlySafe(safe)).toBe(true)
    expect(await askReadOnlySafe(safe)).toBe(false)
    expect(getInfo).toHaveBeenCalledTimes(1)
  })

  it('asked every time: an owner who disconnects since reads read-only at the next ask', async () => {
    const answers = [false, true]
    const safe = provider('0xA2', false, async () => ({ isReadOnly: answers.shift() }))
    expect(await askReadOnlySafe(safe)).toBe(false)
    expect(await askReadOnlySafe(safe)).toBe(true)
  })

  it('Safe{Wallet} failing or silent: the last answer for that Safe stands', async () => {
    let next: () => Promise<unknown> = async () => ({ isReadOnly: false })
    const safe = provider('0xA3', true, () => next())
    expect(await askReadOnlySafe(safe)).toBe(false)
    next = () => Promise.reject(new Error('Request failed'))
    expect(await askReadOnlySafe(safe)).toBe(false)
    vi.useFakeTimers()
    next = () => new Promise(() => {})
    const silent = askReadOnlySafe(safe)
    await vi.advanceTimersByTimeAsync(SAFE_VIEWER_TIMEOUT_MS)
    expect(await silent).toBe(false)
  })

  it('with nothing answered yet, the answer it connected with; without an SDK, that answer alone', async () => {
    const safe = provider('0xA4', true, () => Promise.reject(new Error('Request failed')))
    expect(await askReadOnlySafe(safe)).toBe(true)
    expect(await askReadOnlySafe({ safe: { safeAddress: '0xA5', isReadOnly: true } })).toBe(true)
    expect(await askReadOnlySafe(undefined)).toBe(false)
  })
})
