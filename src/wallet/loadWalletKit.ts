import { walletKit } from './walletKitState'

let kitPromise: Promise<unknown> | null = null

/** Loads RainbowKit's layer once; resolves immediately after the first time. */
export function loadWalletKit(): Promise<unknown> {
  kitPromise ??= import('./rainbowKit').then(
    (module) => walletKit.set(module),
    (error: unknown) => {
      // Offline or a failed download: the next call tries again.
      kitPromise = null
      throw error
    },
  )
  return kitPromise
}
