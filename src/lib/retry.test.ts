import { HttpRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { retryAfterMs, retryDelay } from './retry'

const refused = (headers?: Record<string, string>) =>
  new HttpRequestError({ url: 'https://rpc.example.org', status: 429, headers: new Headers(headers) })

describe('retryDelay', () => {
  it.each([
    [1, 0, 1_000],
    [1, 0.5, 3_000],
    [1, 0.999, 4_996],
    [2, 0, 4_000],
    [2, 0.5, 8_500],
    [2, 0.999, 12_991],
    [3, 0, 3_500],
    [3, 0.5, 7_250],
    [3, 0.999, 10_992],
    [9, 0.5, 7_250],
  ])('after %i failures in a row, with a draw of %d: %i ms', (failures, draw, delay) => {
    expect(retryDelay(failures, refused(), () => draw)).toBe(delay)
  })

  it('waits at least as long as a readable Retry-After asks, and spreads from there by the same draw', () => {
    expect(retryDelay(1, refused({ 'Retry-After': '12' }), () => 0)).toBe(12_000)
    expect(retryDelay(1, refused({ 'Retry-After': '12' }), () => 0.5)).toBe(14_000)
    expect(retryDelay(2, refused({ 'Retry-After': '12' }), () => 0.5)).toBe(19_500)
    expect(retryDelay(1, refused({ 'Retry-After': '0' }), () => 0.5)).toBe(2_000)
  })
})

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, through the causes of the error', () => {
    const now = Date.UTC(2026, 10, 26, 12, 0, 0)
    expect(retryAfterMs(refused({ 'Retry-After': '3' }))).toBe(3_000)
    expect(retryAfterMs(refused({ 'Retry-After': new Date(now + 7_000).toUTCString() }), now)).toBe(7_000)
    expect(retryAfterMs(new Error('read failed', { cause: refused({ 'Retry-After': '2' }) }))).toBe(2_000)
  })

  it('is nothing when the header is missing, hidden or not a time', () => {
    expect(retryAfterMs(refused())).toBeUndefined()
    expect(retryAfterMs(refused({ 'Retry-After': 'soon' }))).toBeUndefined()
    expect(retryAfterMs(new Error('offline'))).toBeUndefined()
  })
})
