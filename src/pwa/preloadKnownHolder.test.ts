// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STORED_KEYS } from '../domain/storedKeys'

const preloadPositionPanels = vi.fn()
vi.mock('../features/vesting/components/panelsPart', () => ({ preloadPositionPanels }))

const HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Runs the module as the entry does, on a page at `search`. */
async function startAt(search: string) {
  window.history.replaceState(null, '', `/${search}`)
  vi.resetModules()
  await import('./preloadKnownHolder')
}

beforeEach(() => {
  localStorage.clear()
  preloadPositionPanels.mockClear()
})
afterEach(() => vi.restoreAllMocks())

describe('the panels loaded as the entry starts', () => {
  it('load for an address a link watches, the last wallet, or a saved address', async () => {
    await startAt(`?address=${HOLDER}`)
    localStorage.setItem(STORED_KEYS.lastHolder, HOLDER)
    await startAt('')
    localStorage.clear()
    localStorage.setItem(STORED_KEYS.watchedAddresses, JSON.stringify([HOLDER]))
    await startAt('')
    expect(preloadPositionPanels).toHaveBeenCalledTimes(3)
  })

  it('do not load on a first visit, nor for a link with no address in it', async () => {
    await startAt('')
    await startAt('?address=0x1234')
    expect(preloadPositionPanels).not.toHaveBeenCalled()
  })

  it('do not stop the page when storage cannot be read', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    })
    await expect(startAt('')).resolves.toBeUndefined()
    expect(preloadPositionPanels).not.toHaveBeenCalled()
  })
})
