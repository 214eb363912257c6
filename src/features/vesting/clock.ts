import { useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react'
import { createStore, useStore } from '../../lib/store'

const SECONDS_PER_DAY = 86_400n

/**
 * One clock for the page, ticking once a second. When the device clock differs from the chain's latest block
 * time by more than {@link MAX_DRIFT_MS}, the page runs on chain-corrected time instead (and says so), because
 * the contracts decide phases by block time, not by the holder's phone.
 */
export const MAX_DRIFT_MS = 120_000

let offsetMs = 0

/** The page's time in milliseconds since the epoch: the device's, or the chain's when it runs on corrected time. */
function clockMs() {
  return Date.now() + offsetMs
}

function nowSeconds() {
  return Math.floor(clockMs() / 1000)
}

/**
 * The second the clock last ticked at. It ticks as each second begins, so that a countdown turns with the second
 * rather than up to a second late, and only while something follows it and the page is visible: a hidden page draws
 * nothing, and coming back catches the clock up at once.
 */
const tick = createStore(nowSeconds(), (store) => {
  let timer: ReturnType<typeof setTimeout> | undefined
  const next = () => {
    store.set(nowSeconds())
    timer = setTimeout(next, 1000 - (clockMs() % 1000))
  }
  const follow = () => {
    clearTimeout(timer)
    timer = undefined
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return
    next()
  }
  follow()
  if (typeof document === 'undefined') return () => clearTimeout(timer)
  document.addEventListener('visibilitychange', follow)
  return () => {
    document.removeEventListener('visibilitychange', follow)
    clearTimeout(timer)
  }
})
const { subscribe } = tick

/** Whether the page runs on chain-corrected time; changes only when a chain read corrects the clock. */
const corrected = createStore(false)

/**
 * Records the chain's block time as seen by a read that completed at `deviceMs` (device time). Applies the
 * difference only when it exceeds {@link MAX_DRIFT_MS}.
 */
export function reportChainTime(chainSeconds: bigint, deviceMs: number) {
  const drift = Number(chainSeconds) * 1000 - deviceMs
  const next = Math.abs(drift) > MAX_DRIFT_MS ? drift : 0
  if (next === offsetMs) return
  offsetMs = next
  corrected.set(next !== 0)
  tick.set(nowSeconds())
}

/** The page's current time in seconds since the epoch, read once (for an event handler). */
export function clockNow(): bigint {
  return BigInt(nowSeconds())
}

/**
 * When a value derived from the page's time may next change: a second at or before the next one at which `select`
 * could return something else (`undefined`: never again). A second too early only costs one more look.
 */
export type ChangesAt = (nowSeconds: bigint) => bigint | undefined

/** A value that changes once, when the clock reaches `at` (`now >= at`). */
export const reaching =
  (at: bigint): ChangesAt =>
  (now) =>
    now < at ? at : undefined

/** A value that changes when the clock reaches any of `moments`. */
export const reachingAny =
  (moments: readonly bigint[]): ChangesAt =>
  (now) =>
    moments.reduce<bigint | undefined>(
      (next, at) => (at > now && (next === undefined || at < next) ? at : next),
      undefined,
    )

/** A value that changes with the minute (the clock's `now / 60`). */
export const nextMinute: ChangesAt = (now) => (now / 60n + 1n) * 60n

/**
 * When the days of a countdown to `to` may change: the second the time left falls under a whole day (one early, the
 * second after a whole day), or `to` itself, when it expires.
 */
export const daysChange =
  (to: bigint): ChangesAt =>
  (now) => {
    const left = to - now
    if (left <= 0n) return undefined
    const intoDay = left % SECONDS_PER_DAY
    return now + (intoDay === 0n ? 1n : intoDay)
  }

/** A value that no longer changes with the clock. */
export const never: ChangesAt = () => undefined

/** When a value that follows the clock is next looked at (in seconds; `Infinity`: never), and how it is told. */
type Waiter = { due: number; notify: () => void }
type ChangesAtRef = { current: ChangesAt | undefined }

/** The values that wait for their own second, by the reference to their caller's latest `changesAt`. */
const waiters = new Map<ChangesAtRef, Waiter>()
/** The earliest second any value waits for, so that a tick that wakes none compares one number. */
let earliestDue = Number.POSITIVE_INFINITY
let lastWoken = 0
let stopWaking: (() => void) | undefined

function dueAfter(changesAt: ChangesAtRef, now: number): number {
  const at = (changesAt.current ?? never)(BigInt(now))
  return at === undefined ? Number.POSITIVE_INFINITY : Number(at)
}

function findEarliestDue() {
  earliestDue = Number.POSITIVE_INFINITY
  for (const waiter of waiters.values()) earliestDue = Math.min(earliestDue, waiter.due)
}

/**
 * The one tick listener for every value that says when it may change: a tick compares a number, and a value is looked
 * at again only at its second, or when the clock went back (a correction, the device's clock set).
 */
function wake() {
  const now = tick.get()
  const back = now < lastWoken
  lastWoken = now
  if (!back && now < earliestDue) return
  for (const [changesAt, waiter] of [...waiters]) {
    if (!back && now < waiter.due) continue
    waiter.due = dueAfter(changesAt, now)
    waiter.notify()
  }
  findEarliestDue()
}

function waitFor(changesAt: ChangesAtRef, notify: () => void): () => void {
  const due = dueAfter(changesAt, nowSeconds())
  waiters.set(changesAt, { due, notify })
  earliestDue = Math.min(earliestDue, due)
  if (!stopWaking) {
    lastWoken = tick.get()
    stopWaking = subscribe(wake)
  }
  return () => {
    waiters.delete(changesAt)
    if (waiters.size > 0) return
    stopWaking?.()
    stopWaking = undefined
    earliestDue = Number.POSITIVE_INFINITY
  }
}

/**
 * The caller's latest `changesAt`, kept after each render; a new one moves the second its value is next looked at.
 */
function useLatestChangesAt(changesAt: ChangesAt | undefined): ChangesAtRef {
  const latest = useRef(changesAt)
  useLayoutEffect(() => {
    latest.current = changesAt
    const waiter = waiters.get(latest)
    if (!waiter) return
    waiter.due = dueAfter(latest, nowSeconds())
    findEarliestDue()
  })
  return latest
}

/**
 * A value derived from the page's time (the phase, whether a date has passed, a figure as it is shown), re-rendering
 * the caller only when it changes rather than on every tick. `select` must be cheap and return a primitive. With
 * `changesAt`, `select` runs only when the value may change (and after each render, which may bring a new
 * `changesAt`); without it, on every tick (a figure that grows each second).
 */
export function useClockValue<T extends string | number | bigint | boolean>(
  select: (nowSeconds: bigint) => T,
  changesAt?: ChangesAt,
): T {
  const latest = useLatestChangesAt(changesAt)
  const everyTick = changesAt === undefined
  const follow = useCallback(
    (notify: () => void) => (everyTick ? subscribe(notify) : waitFor(latest, notify)),
    [everyTick, latest],
  )
  return useSyncExternalStore(follow, () => select(BigInt(nowSeconds())))
}

/** Whether the page runs on chain-corrected time. */
export function useClockCorrected(): boolean {
  return useStore(corrected)
}

/**
 * Texts the clock writes straight into the children of an element, without re-rendering the component: one listener
 * and a text update per changed part instead of a render, commit and layout. Put `ref` on the element and render its
 * children as elements holding `texts[i]` alone, in order. `format` gets the page's time in whole seconds as a number,
 * so that a tick does no `bigint` arithmetic. Without `changesAt` the texts are formatted on every tick (a countdown);
 * with it, only when they may change (the minute), and a tick in between only compares a number.
 */
export function useClockTexts<T extends readonly string[]>(
  format: (nowSeconds: number) => T,
  changesAt?: ChangesAt,
): {
  ref: (element: HTMLElement | null) => (() => void) | undefined
  texts: T
} {
  const latest = useRef(format)
  const latestChangesAt = useLatestChangesAt(changesAt)
  // The texts as last written by a tick; a render empties it, so that the next tick compares with the page again.
  const written = useRef<readonly string[]>([])
  useLayoutEffect(() => {
    latest.current = format
    written.current = []
  })
  const everyTick = changesAt === undefined
  const ref = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return undefined
      const write = () => {
        const texts = latest.current(nowSeconds())
        const before = written.current
        for (let index = 0; index < texts.length; index++) {
          const text = texts[index] as string
          if (text === before[index]) continue
          const child = element.children[index]
          if (child) writeText(child, text)
        }
        written.current = texts
      }
      return everyTick ? subscribe(write) : waitFor(latestChangesAt, write)
    },
    [everyTick, latestChangesAt],
  )
  return { ref, texts: format(nowSeconds()) }
}

/** Replaces an element's text, changing its text node's data where it has one, so the browser keeps its layout. */
function writeText(element: Element, text: string) {
  const node = element.firstChild
  if (node instanceof Text && node === element.lastChild) {
    if (node.data !== text) node.data = text
  } else if (element.textContent !== text) element.textContent = text
}
