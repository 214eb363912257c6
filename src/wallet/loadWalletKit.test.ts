import { beforeEach, expect, it, vi } from 'vitest'

// RainbowKit's layer itself is not loaded here: a stand-in module takes its place.
const StandInLayer = () => null

beforeEach(() => {
  vi.resetModules()
  vi.doUnmock('./rainbowKit')
})

it("hands RainbowKit's layer to the page once it has loaded", async () => {
  vi.doMock('./rainbowKit', () => ({ WalletKitLayer: StandInLayer }))
  const { loadWalletKit } = await import('./loadWalletKit')
  const { walletKit } = await import('./walletKitState')
  expect(walletKit.get()).toBeNull()
  await loadWalletKit()
  expect(walletKit.get()?.WalletKitLayer).toBe(StandInLayer)
})

it('a failed download is tried again on the next call', async () => {
  vi.doMock('./rainbowKit', () => {
    throw new Error('offline')
  })
  const { loadWalletKit } = await import('./loadWalletKit')
  const { walletKit } = await import('./walletKitState')
  await expect(loadWalletKit()).rejects.toThrow()
  expect(walletKit.get()).toBeNull()
  vi.doMock('./rainbowKit', () => ({ WalletKitLayer: StandInLayer }))
  await loadWalletKit()
  expect(walletKit.get()?.WalletKitLayer).toBe(StandInLayer)
})
