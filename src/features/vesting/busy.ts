import { t } from '@lingui/core/macro'
import { useEffect, useRef, useState } from 'react'
import { isAnswerBehind, isEndpointFailure } from '../../lib/errors'
import { retryDelay } from '../../lib/retry'
import { useOnline } from '../../lib/useOnline'

type Read = {
  error: Error | null
  errorUpdatedAt: number
  dataUpdatedAt: number
  isFetching: boolean
  refetch: () => unknown
}

/**
 * A read that failed on busy endpoints: retried by itself in `secondsLeft` seconds, or being retried now (`0`);
 * `behind` when the endpoints answered only from nodes behind the figures already shown.
 */
export type Busy = { secondsLeft: number; behind: boolean }

/**
 * Retries a read that failed because every RPC endpoint was busy or unreachable, after a jittered wait that grows
 * with each failure in a row (see `retryDelay`), while the browser is online (offline, the read is retried when the connection returns). Returns what to tell the holder,
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
  const errorRef = useRef(error)
  errorRef.current = error
  const retryPlanned = useRef(false)

  // One more failure in a row for every failed read; a read that succeeds starts the count again.
  useEffect(() => {
    if (dataUpdatedAt !== lastSuccess.current) {
      lastSuccess.current = dataUpdatedAt
      failures.current = 0
    }
    if (!busy) {
      // Only when a retry was planned: a state set, even to the value it has, can cost the card a render.
      if (retryPlanned.current) setRetryAt(null)
      retryPlanned.current = false
      return
    }
    retryPlanned.current = true
    failures.current += 1
    setRetryAt(errorUpdatedAt + retryDelay(failures.current, errorRef.current))
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
  return {
    secondsLeft: isFetching ? 0 : Math.max(1, Math.ceil((retryAt - now) / 1_000)),
    behind: isAnswerBehind(error),
  }
}

/** The sentence after "could not be loaded/refreshed", for a read that failed on busy endpoints. */
export function busySentence(busy: Busy): string {
  const { secondsLeft } = busy
  if (busy.behind) {
    return secondsLeft > 0
      ? t({
          message: `The network has not caught up with these figures yet — asking again in ${secondsLeft} s.`,
          comment: 'Read from nodes behind the figures shown; {secondsLeft} s: seconds until the next attempt',
        })
      : t`The network has not caught up with these figures yet — asking again now…`
  }
  return secondsLeft > 0
    ? t({
        message: `The network is busy — retrying in ${secondsLeft} s.`,
        comment: '{secondsLeft} s: seconds until the next attempt',
      })
    : t`The network is busy — retrying now…`
}
