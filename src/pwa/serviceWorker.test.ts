import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TAKE_OVER_WAIT_MS, takeOver } from './serviceWorker'

/** A waiting worker as the page sees it: its state, its statechange event and the messages it was sent. */
class WaitingWorker extends EventTarget {
  state: ServiceWorkerState = 'installed'
  readonly messages: unknown[] = []
  postMessage(message: unknown) {
    this.messages.push(message)
  }
  becomes(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

/** The page's `navigator.serviceWorker`, with one registration whose `waiting` worker is given. */
function container(waiting: WaitingWorker | null) {
  const target = new EventTarget()
  return Object.assign(target, {
    getRegistration: async () => ({ waiting }),
  }) as unknown as ServiceWorkerContainer & EventTarget
}

describe('takeOver', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('asks the waiting worker to skip waiting, and reloads once the page changes controller', async () => {
    const worker = new WaitingWorker()
    const page = container(worker)
    const reload = vi.fn()
    await takeOver(page, reload)
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }])
    expect(reload).not.toHaveBeenCalled()

    page.dispatchEvent(new Event('controllerchange'))
    worker.becomes('activated')
    await vi.advanceTimersByTimeAsync(TAKE_OVER_WAIT_MS)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads when the new worker is activated, though the page never hears of a change of controller', async () => {
    const worker = new WaitingWorker()
    const reload = vi.fn()
    await takeOver(container(worker), reload)
    worker.becomes('activating')
    expect(reload).not.toHaveBeenCalled()
    worker.becomes('activated')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads anyway when neither signal comes within the wait, and only once', async () => {
    const worker = new WaitingWorker()
    const reload = vi.fn()
    await takeOver(container(worker), reload)
    await vi.advanceTimersByTimeAsync(TAKE_OVER_WAIT_MS - 1)
    expect(reload).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(reload).toHaveBeenCalledTimes(1)
    worker.becomes('activated')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads at once when no worker waits any more (another tab switched to the new version)', async () => {
    const reload = vi.fn()
    await takeOver(container(null), reload)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
