import { UserRejectedRequestError } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PAIRING_TIMING, type PairingSource, startPairing, unreachableMessage } from './pairing'

/** A connection under the test's control: each `connect()` waits until the test settles it. */
function fakeSource() {
  const listeners = new Set<(uri: string) => void>()
  const failureListeners = new Set<() => void>()
  const attempts: { resolve: () => void; reject: (error: unknown) => void }[] = []
  const source: PairingSource = {
    connect: () => new Promise<void>((resolve, reject) => attempts.push({ resolve, reject })),
    onUri: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onRelayFailure: (listener) => {
      failureListeners.add(listener)
      return () => failureListeners.delete(listener)
    },
  }
  const failSocket = () => {
    for (const listener of failureListeners) listener()
  }
  const showUri = (uri: string) => {
    for (const listener of listeners) listener(uri)
  }
  return { source, attempts, showUri, listeners, failSocket, failureListeners }
}

/** A URI expiring `seconds` from the fake clock's now. */
const uriExpiringIn = (topic: string, seconds: number) =>
  `wc:${topic}@2?relay-protocol=irn&symKey=${'1'.repeat(64)}&expiryTimestamp=${Math.floor(Date.now() / 1000) + seconds}`

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('startPairing', () => {
  it('is preparing until the URI comes, then ready with it; connected once the wallet approves', async () => {
    const { source, attempts, showUri } = fakeSource()
    const pairing = startPairing(source)
    expect(pairing.state.get()).toEqual({ status: 'preparing' })
    const uri = uriExpiringIn('a'.repeat(64), 300)
    showUri(uri)
    expect(pairing.state.get()).toEqual({ status: 'ready', uri })
    attempts[0]?.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.state.get()).toEqual({ status: 'connected' })
  })

  it('says the relay cannot be reached when no URI came within the timeout, and starts over on retry', async () => {
    const { source, attempts, showUri } = fakeSource()
    const pairing = startPairing(source)
    await vi.advanceTimersByTimeAsync(PAIRING_TIMING.timeoutMs - 1)
    expect(pairing.state.get()).toEqual({ status: 'preparing' })
    await vi.advanceTimersByTimeAsync(1)
    expect(pairing.state.get()).toEqual({ status: 'failed', reason: 'unreachable', message: unreachableMessage() })
    // The SDK gives up later with its own error: the message stays.
    attempts[0]?.reject(new Error("Couldn't establish socket connection to the relay server"))
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.state.get()).toMatchObject({ reason: 'unreachable' })
    pairing.retry()
    expect(pairing.state.get()).toEqual({ status: 'preparing' })
    expect(attempts).toHaveLength(2)
    const uri = uriExpiringIn('b'.repeat(64), 300)
    showUri(uri)
    expect(pairing.state.get()).toEqual({ status: 'ready', uri })
  })

  it('says at once that the relay cannot be reached when its socket fails to open, and recovers if a URI comes', async () => {
    const { source, showUri, failSocket } = fakeSource()
    const pairing = startPairing(source)
    await vi.advanceTimersByTimeAsync(50)
    failSocket()
    expect(pairing.state.get()).toEqual({ status: 'failed', reason: 'unreachable', message: unreachableMessage() })
    // The SDK's own retry got through: the wallets are back without a tap.
    const uri = uriExpiringIn('a'.repeat(64), 300)
    showUri(uri)
    expect(pairing.state.get()).toEqual({ status: 'ready', uri })
    // A socket failing while a URI is shown changes nothing: the URI still works once the socket is back.
    failSocket()
    expect(pairing.state.get()).toEqual({ status: 'ready', uri })
  })

  it('a declined proposal says so', async () => {
    const { source, attempts } = fakeSource()
    const pairing = startPairing(source)
    attempts[0]?.reject(new UserRejectedRequestError(new Error('User rejected.')))
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.state.get()).toEqual({
      status: 'failed',
      reason: 'declined',
      message: 'The connection was declined in your wallet.',
    })
  })

  it('replaces an unused URI 30 s before it expires, keeping the old one usable meanwhile', async () => {
    const { source, attempts, showUri } = fakeSource()
    const pairing = startPairing(source)
    const first = uriExpiringIn('a'.repeat(64), 300)
    showUri(first)
    await vi.advanceTimersByTimeAsync(269_000)
    expect(attempts).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(attempts).toHaveLength(2)
    expect(pairing.state.get()).toEqual({ status: 'ready', uri: first })
    const second = uriExpiringIn('b'.repeat(64), 300)
    showUri(second)
    expect(pairing.state.get()).toEqual({ status: 'ready', uri: second })
    // The replaced attempt ends with its proposal; that is no failure.
    attempts[0]?.reject(new Error('Proposal expired'))
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.state.get()).toEqual({ status: 'ready', uri: second })
  })

  it('keeps a URI a wallet was opened with until it expires, then prepares a new one', async () => {
    const { source, attempts, showUri } = fakeSource()
    const pairing = startPairing(source)
    showUri(uriExpiringIn('a'.repeat(64), 300))
    pairing.opened()
    await vi.advanceTimersByTimeAsync(299_000)
    expect(attempts).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(attempts).toHaveLength(2)
    expect(pairing.state.get()).toEqual({ status: 'preparing' })
  })

  it('close stops listening and ignores what comes after', async () => {
    const { source, attempts, listeners, failureListeners } = fakeSource()
    const pairing = startPairing(source)
    pairing.close()
    expect(listeners.size).toBe(0)
    expect(failureListeners.size).toBe(0)
    attempts[0]?.resolve()
    await vi.advanceTimersByTimeAsync(PAIRING_TIMING.timeoutMs)
    expect(pairing.state.get()).toEqual({ status: 'preparing' })
  })
})
