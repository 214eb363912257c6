import { errorCauses } from './errors'

/**
 * How long a read that failed on busy or unreachable endpoints waits before it is sent again.
 *
 * - Never less than {@link RETRY_FLOOR_MS}: a rate-limited endpoint usually counts requests by the second, so one
 *   sent again within the second that refused it is refused again.
 * - Then a draw within a window ("jitter") of 4 s for the first retry, 12 s for the second and 10 s from then on:
 *   holders refused together at a launch come back spread over the window instead of together, so that most of a
 *   small crowd is served on its first retry. A holder refused twice is in a crowd larger than the endpoint serves:
 *   the second window is the widest, so that this crowd comes back at about the rate the endpoint serves it instead of
 *   meeting itself again; the windows after it are narrower, so that the last of the crowd waits seconds, not
 *   minutes, once the endpoint has caught up.
 * - From the second retry on, the draw skips the first quarter of its window: coming back early only meets the crowd.
 *
 * A `Retry-After` the endpoint lets the page read takes the floor's place: the read never goes out sooner than asked,
 * and the draw still spreads the holders it refused together, who are all asked to come back at the same moment.
 */
export const RETRY_FLOOR_MS = 1_000
/** The window of the first, second, … retry's draw; the last one holds for every retry after it. */
export const RETRY_WINDOWS_MS: readonly [number, ...number[]] = [4_000, 12_000, 10_000]
/** The part of its window a retry after two or more failures in a row never waits less than. */
export const RETRY_WINDOW_SKIPPED = 0.25

/** The wait before the `failures`-th retry (1 = after the first failure) of a read that failed with `error`. */
export function retryDelay(failures: number, error?: unknown, random: () => number = Math.random): number {
  const window = RETRY_WINDOWS_MS[Math.min(Math.max(failures, 1), RETRY_WINDOWS_MS.length) - 1] ?? RETRY_WINDOWS_MS[0]
  const skipped = failures > 1 ? window * RETRY_WINDOW_SKIPPED : 0
  return (retryAfterMs(error) ?? RETRY_FLOOR_MS) + Math.floor(skipped + random() * (window - skipped))
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
