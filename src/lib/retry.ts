import { errorCauses } from './errors'

/**
 * How long a read that failed on busy or unreachable endpoints waits before it is sent again. The wait is drawn
 * anywhere between nothing and a window that starts at 5 s and grows by half with each failure in a row, up to 15 s
 * ("full jitter"): holders who were refused together, at a launch, come back spread over the window instead of
 * together, so most are served on their first retry. A `Retry-After` the endpoint lets the page read is waited
 * for as asked.
 */
export const RETRY_WINDOW_FIRST_MS = 5_000
export const RETRY_WINDOW_GROWTH = 1.5
export const RETRY_WINDOW_CAP_MS = 15_000

/** The wait before the `failures`-th retry (1 = after the first failure) of a read that failed with `error`. */
export function retryDelay(failures: number, error?: unknown, random: () => number = Math.random): number {
  const asked = retryAfterMs(error)
  if (asked !== undefined) return asked
  const window = Math.min(RETRY_WINDOW_CAP_MS, RETRY_WINDOW_FIRST_MS * RETRY_WINDOW_GROWTH ** Math.max(0, failures - 1))
  return Math.floor(random() * window)
}

/**
 * The wait an endpoint asked for in a `Retry-After` header (seconds or an HTTP date), when the page can read it: a
 * browser shows it across origins only if the endpoint exposes it.
 */
export function retryAfterMs(error: unknown, now = Date.now()): number | undefined {
  for (const link of errorCauses(error)) {
    const headers = (link as { headers?: unknown }).headers
    if (!(headers instanceof Headers)) continue
    const value = headers.get('Retry-After')?.trim()
    if (!value) continue
    if (/^\d+$/.test(value)) return Number(value) * 1000
    const date = Date.parse(value)
    if (!Number.isNaN(date)) return Math.max(0, date - now)
  }
  return undefined
}
