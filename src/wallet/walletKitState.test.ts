import type { Hash } from 'viem'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const HASH_A = `0x${'a'.repeat(64)}` as Hash
const HASH_B = `0x${'b'.repeat(64)}` as Hash

type State = typeof import('./walletKitState')

/** A fresh copy of the module's state for each test. */
let state: State
beforeEach(async () => {
  vi.resetModules()
  state = await import('./walletKitState')
})

type Actions = Parameters<State['registerWalletKit']>[0]

function kit(overrides: Partial<Actions> = {}) {
  const actions = { openConnectModal: vi.fn(), openAccountModal: vi.fn(), addRecentTransaction: vi.fn() }
  return { ...actions, ...overrides } as typeof actions
}

describe('before RainbowKit has loaded', () => {
  it('keeps a sent transaction, asks for RainbowKit, and records it once RainbowKit registers', () => {
    expect(state.walletKitWanted.get()).toBe(false)
    state.addRecentTransaction(HASH_A, 'Claim & Burn')
    state.addRecentTransaction(HASH_B, 'Claim 2,500 NAI')
    expect(state.walletKitWanted.get()).toBe(true)
    const actions = kit()
    state.registerWalletKit(actions)
    expect(actions.addRecentTransaction.mock.calls).toEqual([
      [{ hash: HASH_A, description: 'Claim & Burn' }],
      [{ hash: HASH_B, description: 'Claim 2,500 NAI' }],
    ])
    // Registering again (its actions change) records nothing twice.
    state.registerWalletKit(actions)
    expect(actions.addRecentTransaction).toHaveBeenCalledTimes(2)
  })

  it('opens the account modal once RainbowKit registers, after the tap that asked for it', () => {
    state.openAccountModalWhenReady()
    expect(state.walletKitWanted.get()).toBe(true)
    const actions = kit()
    state.registerWalletKit(actions)
    state.registerWalletKit(actions)
    expect(actions.openAccountModal).toHaveBeenCalledTimes(1)
    expect(actions.openConnectModal).not.toHaveBeenCalled()
  })

  it('forgets the account modal when RainbowKit cannot open it (another network), rather than open it later', () => {
    state.openAccountModalWhenReady()
    state.registerWalletKit(kit({ openAccountModal: undefined }))
    const later = kit()
    state.registerWalletKit(later)
    expect(later.openAccountModal).not.toHaveBeenCalled()
  })

  it('waits with the connect modal until RainbowKit can open it', () => {
    state.openConnectModalWhenReady()
    // The connect button loads RainbowKit itself.
    expect(state.walletKitWanted.get()).toBe(false)
    state.registerWalletKit(kit({ openConnectModal: undefined }))
    const ready = kit()
    state.registerWalletKit(ready)
    expect(ready.openConnectModal).toHaveBeenCalledTimes(1)
    expect(ready.openAccountModal).not.toHaveBeenCalled()
  })
})

describe('once RainbowKit has loaded', () => {
  it('records a transaction and opens the account modal at once', () => {
    const actions = kit()
    state.registerWalletKit(actions)
    state.addRecentTransaction(HASH_A, 'Claim & Burn')
    state.openAccountModalWhenReady()
    expect(state.walletKitWanted.get()).toBe(false)
    expect(actions.addRecentTransaction).toHaveBeenCalledWith({ hash: HASH_A, description: 'Claim & Burn' })
    expect(actions.openAccountModal).toHaveBeenCalledTimes(1)
  })

  it('a record RainbowKit refuses is only a warning: the transaction itself is tracked elsewhere', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    state.registerWalletKit(
      kit({
        addRecentTransaction: () => {
          throw new Error('storage full')
        },
      }),
    )
    expect(() => state.addRecentTransaction(HASH_A, 'Claim & Burn')).not.toThrow()
    expect(warn).toHaveBeenCalledWith('Could not record the transaction in the wallet list.', expect.any(Error))
    warn.mockRestore()
  })
})
