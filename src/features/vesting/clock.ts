import { useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react'
import { createStore } from '../../lib/store'

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

function isCorrected() {
  return offsetMs !== 0
}

/**
 * Records the chain's block time as seen by a read that completed at `deviceMs` (device time). Applies the
 * difference only when it exceeds {@link MAX_DRIFT_MS}.
 */
export function reportChainTime(chainSeconds: bigint, deviceMs: number) {
  const drift = Number(chainSeconds) * 1000 - deviceMs
  const next = Math.abs(drift) > MAX_DRIFT_MS ? drift : 0
  if (next === offsetMs) return
  offsetMs = next
  tick.set(nowSeconds())
}

/** The page's current time in seconds since the epoch, read once (for an event handler). */
export function clockNow(): bigint {
  return BigInt(nowSeconds())
}

/**
 * A value derived from the page's time (the phase, whether a date has passed, a figure as it is shown), re-rendering
 * the caller only when it changes rather than on every tick. `select` must be cheap and return a primitive.
 */
export function useClockValue<T extends string | number | bigint | boolean>(select: (nowSeconds: bigint) => T): T {
  return useSyncExternalStore(subscribe, () => select(BigInt(nowSeconds())))
}

/** Whether the page runs on chain-corrected time. */
export function useClockCorrected(): boolean {
  return useSyncExternalStore(subscribe, isCorrected)
}

/**
 * Texts the clock writes straight into the children of an element each tick, without re-rendering the component: one
 * listener and a text update per changed part instead of a render, commit and layout a second. Put `ref` on the
 * element and render its children as elements holding `texts[i]` alone, in order.
 */
export function useClockTexts<T extends readonly string[]>(
  format: (nowSeconds: bigint) => T,
): {
  ref: (element: HTMLElement | null) => (() => void) | undefined
  texts: T
} {
  const latest = useRef(format)
  useLayoutEffect(() => {
    latest.current = format
  })
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined
    return subscribe(() => {
      const texts = latest.current(BigInt(nowSeconds()))
      texts.forEach((text, index) => {
        const child = element.children[index]
        if (child) writeText(child, text)
      })
    })
  }, [])
  return { ref, texts: format(BigInt(nowSeconds())) }
}

/** Replaces an element's text, changing its text node's data where it has one, so the browser keeps its layout. */
function writeText(element: Element, text: string) {
  const node = element.firstChild
  if (node instanceof Text && node === element.lastChild) {
    if (node.data !== text) node.data = text
  } else if (element.textContent !== text) element.textContent = text
}
