import { useEffect, useRef, useState } from 'react'
import { isEndpointFailure } from '../../lib/errors'
import { useOnline } from '../../lib/useOnline'

/** The first wait after a read failed on busy endpoints; each further failure doubles it, up to the cap. */
export const BUSY_RETRY_FIRST_MS = 5_000
export const BUSY_RETRY_CAP_MS = 60_000
/** Each wait is drawn within ±20 % of its value, so that holders who failed together retry apart. */
const JITTER = 0.2

/** How long to wait before the `failures`-th retry (1 = after the first failure). */
export function busyRetryDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(BUSY_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), BUSY_RETRY_CAP_MS)
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()))
}

type Read = {
  error: Error | null
  errorUpdatedAt: number
  dataUpdatedAt: number
  isFetching: boolean
  refetch: () => unknown
}

/** A read that failed on busy endpoints: retried by itself in `secondsLeft` seconds, or being retried now (`0`). */
export type Busy = { secondsLeft: number }

/**
 * Retries a read that failed because every RPC endpoint was busy or unreachable, with a growing, jittered wait, while
 * the browser is online (offline, the read is retried when the connection returns). Returns what to tell the holder,
 * or `null` when the read did not fail that way.
 */
export function useBusyRetry({ error, errorUpdatedAt, dataUpdatedAt, isFetching, refetch }: Read): Busy | null {
  const online = useOnline()
  const busy = online && error !== null && isEndpointFailure(error)
  const failures = useRef(0)
  const lastSuccess = useRef(dataUpdatedAt)
  const [retryAt, setRetryAt] = useState<number | null>(null)
  const [now, setNow] = useState(Date.now)
  const refetchRef = useRef(refetch)
  refetchRef.current = refetch

  // One more failure in a row for every failed read; a read that succeeds starts the count again.
  useEffect(() => {
    if (dataUpdatedAt !== lastSuccess.current) {
      lastSuccess.current = dataUpdatedAt
      failures.current = 0
    }
    if (!busy) {
      setRetryAt(null)
      return
    }
    failures.current += 1
    setRetryAt(errorUpdatedAt + busyRetryDelay(failures.current))
  }, [busy, errorUpdatedAt, dataUpdatedAt])

  // Each planned retry is made once: the render after it still holds its time until the failure plans the next.
  const retried = useRef<number | null>(null)
  useEffect(() => {
    if (retryAt === null || isFetching) return
    const tick = () => {
      const current = Date.now()
      setNow(current)
      if (current >= retryAt && retried.current !== retryAt) {
        retried.current = retryAt
        void refetchRef.current()
      }
    }
    tick()
    const timer = window.setInterval(tick, 1_000)
    return () => window.clearInterval(timer)
  }, [retryAt, isFetching])

  if (!busy || retryAt === null) return null
  return { secondsLeft: isFetching ? 0 : Math.max(1, Math.ceil((retryAt - now) / 1_000)) }
}

/** The sentence after "could not be loaded/refreshed", for a read that failed on busy endpoints. */
export function busySentence(busy: Busy): string {
  return busy.secondsLeft > 0
    ? `The network is busy — retrying in ${busy.secondsLeft} s.`
    : 'The network is busy — retrying now…'
}
