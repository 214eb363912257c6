import { t } from '@lingui/core/macro'
import { isUserRejection } from '../lib/errors'
import { createStore, type Store } from '../lib/store'
import { pairingExpiry } from './phoneWallets'

/**
 * A WalletConnect pairing kept ready while the phone's connect sheet is open, so that a tap on a wallet can open it
 * at once with a valid URI (iOS hands a link to another app only inside the tap). Opening the sheet starts a
 * connection; its URI arrives once the relay has the pairing, and the connection completes when the holder
 * approves in the wallet. A URI nobody has used yet is replaced before it expires.
 */

export type PairingState =
  | { status: 'preparing' }
  | { status: 'ready'; uri: string }
  | { status: 'failed'; reason: 'unreachable' | 'declined' | 'error'; message: string }
  | { status: 'connected' }

export type PairingTiming = {
  /** How long the URI may take before the relay counts as unreachable. */
  timeoutMs: number
  /** How long before its expiry an unused URI is replaced. */
  refreshMarginMs: number
  now: () => number
}

export const PAIRING_TIMING: PairingTiming = { timeoutMs: 8_000, refreshMarginMs: 30_000, now: () => Date.now() }

/** What the holder is told when the relay cannot be reached, in the page's language at the time. */
export function unreachableMessage(): string {
  return t`Could not reach the WalletConnect relay. Check your internet connection and try again.`
}

export type PairingSource = {
  /** Starts a connection; resolves once a wallet approved it. */
  connect: () => Promise<unknown>
  /** Calls `listener` with each pairing URI the connection shows; returns a function that stops listening. */
  onUri: (listener: (uri: string) => void) => () => void
  /** Calls `listener` each time a socket to the relay fails to open; returns a function that stops listening. */
  onRelayFailure?: (listener: () => void) => () => void
}

export type Pairing = {
  state: Store<PairingState>
  /** Starts over after a failure. */
  retry: () => void
  /** The holder opened a wallet with the current URI: it is kept until it expires. */
  opened: () => void
  /** Stops listening; a connection still waiting for a wallet ends when its proposal expires. */
  close: () => void
}

function failure(error: unknown): PairingState {
  if (isUserRejection(error)) {
    return { status: 'failed', reason: 'declined', message: t`The connection was declined in your wallet.` }
  }
  const text = error instanceof Error ? error.message : String(error)
  if (/relay|socket|internet|network/i.test(text)) {
    return { status: 'failed', reason: 'unreachable', message: unreachableMessage() }
  }
  return { status: 'failed', reason: 'error', message: t`The wallet could not be connected. Try again.` }
}

export function startPairing(source: PairingSource, timing: PairingTiming = PAIRING_TIMING): Pairing {
  const state = createStore<PairingState>({ status: 'preparing' })
  let closed = false
  let attempt = 0
  let openedUri: string | undefined
  let timeout: ReturnType<typeof setTimeout> | undefined
  let refresh: ReturnType<typeof setTimeout> | undefined

  const clearTimers = () => {
    clearTimeout(timeout)
    clearTimeout(refresh)
  }

  const scheduleRefresh = (uri: string) => {
    const expiry = pairingExpiry(uri)
    if (expiry === undefined) return
    const margin = openedUri === uri ? 0 : timing.refreshMarginMs
    refresh = setTimeout(() => begin(openedUri !== uri), Math.max(0, expiry - margin - timing.now()))
  }

  const stopListening = source.onUri((uri) => {
    if (closed) return
    clearTimers()
    state.set({ status: 'ready', uri })
    scheduleRefresh(uri)
  })

  // A socket that cannot open says so at once, while the SDK keeps retrying: a URI that comes after all replaces the
  // message. The timeout still covers a relay that neither answers nor refuses.
  const stopFailures = source.onRelayFailure?.(() => {
    if (closed || state.get().status !== 'preparing') return
    clearTimeout(timeout)
    state.set({ status: 'failed', reason: 'unreachable', message: unreachableMessage() })
  })

  /** `keepCurrent`: the URI shown stays usable until the new one arrives. */
  const begin = (keepCurrent = false) => {
    if (closed) return
    const current = ++attempt
    clearTimers()
    if (!keepCurrent) state.set({ status: 'preparing' })
    timeout = setTimeout(() => {
      if (current === attempt && state.get().status !== 'connected') {
        state.set({ status: 'failed', reason: 'unreachable', message: unreachableMessage() })
      }
    }, timing.timeoutMs)
    source.connect().then(
      () => {
        if (closed) return
        clearTimers()
        state.set({ status: 'connected' })
      },
      (error: unknown) => {
        // An older attempt, replaced by a newer URI, ends when its proposal expires: nothing to tell.
        if (closed || current !== attempt) return
        clearTimers()
        const shown = state.get()
        if (shown.status === 'failed' && shown.reason === 'unreachable') return
        state.set(failure(error))
      },
    )
  }

  begin()
  return {
    state,
    retry: () => begin(),
    opened: () => {
      const current = state.get()
      if (current.status !== 'ready' || openedUri === current.uri) return
      openedUri = current.uri
      clearTimeout(refresh)
      scheduleRefresh(current.uri)
    },
    close: () => {
      closed = true
      clearTimers()
      stopListening()
      stopFailures?.()
    },
  }
}
