import { useIsFetching, useIsRestoring } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import type { Hash } from 'viem'
import { useAccount } from 'wagmi'
import { shortenAddress } from '../lib/format'

type KitModule = typeof import('./rainbowKit')
type KitActions = {
  openConnectModal: (() => void) | undefined
  addRecentTransaction: (transaction: { hash: Hash; description: string }) => void
}

let kit: KitModule | null = null
let kitPromise: Promise<KitModule> | null = null
let actions: KitActions | null = null
let openWhenReady = false
/** Where RainbowKit's ConnectButton is shown: one element per mounted {@link WalletButton}. */
export type ButtonSlot = { id: number; element: HTMLElement }
let buttonSlots: readonly ButtonSlot[] = []
let nextSlotId = 0
const listeners = new Set<() => void>()

function notify() {
  for (const listener of listeners) listener()
}

/** Loads RainbowKit once; resolves immediately after the first time. */
export function loadWalletKit(): Promise<KitModule> {
  kitPromise ??= import('./rainbowKit').then((module) => {
    kit = module
    notify()
    return module
  })
  return kitPromise
}

export function registerWalletKit(next: KitActions) {
  actions = next
  if (openWhenReady && next.openConnectModal) {
    openWhenReady = false
    next.openConnectModal()
  }
}

/** Adds a sent transaction to RainbowKit's recent transactions (the account modal lists them). */
export function addRecentTransaction(hash: Hash, description: string) {
  try {
    actions?.addRecentTransaction({ hash, description })
  } catch (error) {
    // The record is a convenience; the transaction itself is tracked by the write pipeline.
    console.warn('Could not record the transaction in the wallet list.', error)
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function useKit(): KitModule | null {
  return useSyncExternalStore(
    subscribe,
    () => kit,
    () => null,
  )
}

/** The elements RainbowKit's ConnectButton is rendered into (through a portal, see {@link WalletKitBoundary}). */
export function useButtonSlots(): readonly ButtonSlot[] {
  return useSyncExternalStore(
    subscribe,
    () => buttonSlots,
    () => buttonSlots,
  )
}

/** Longest wait for the page's reads to settle before RainbowKit loads anyway. */
const KIT_DELAY_LIMIT_MS = 4_000

/** Runs `task` when the main thread is idle (or soon, where the browser cannot tell); returns a cancel function. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 1_000 })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, 200)
  return () => clearTimeout(handle)
}

/**
 * Mounts RainbowKit's provider once it has loaded. It loads when the holder asks to connect, or for a wallet that is
 * reconnecting or connected — then only once the page's reads have settled: RainbowKit (about 90 KB of gzipped
 * JavaScript and a long task to start) is not needed to show the position, and loading it earlier would hold the
 * position back on a slow phone.
 *
 * The provider is mounted beside the page rather than around it: wrapping the page only once RainbowKit has loaded
 * would remount the whole page (and re-run its reads). RainbowKit's ConnectButton reaches the page through portals
 * into the slots {@link WalletButton} leaves, and its imperative actions through {@link registerWalletKit}.
 */
export function WalletKitBoundary({ children }: { children: ReactNode }) {
  const module = useKit()
  const { status } = useAccount()
  const restoring = useIsRestoring()
  const fetching = useIsFetching()
  const walletActive = status === 'reconnecting' || status === 'connected'
  useEffect(() => {
    if (!walletActive || module) return
    if (restoring || fetching > 0) {
      const limit = setTimeout(() => void loadWalletKit(), KIT_DELAY_LIMIT_MS)
      return () => clearTimeout(limit)
    }
    return whenIdle(() => void loadWalletKit())
  }, [walletActive, module, restoring, fetching])
  return (
    <>
      {children}
      {module && <module.WalletKitLayer />}
    </>
  )
}

/**
 * RainbowKit's ConnectButton once loaded. Until then: for a connected wallet, its address (a click loads RainbowKit
 * at once); otherwise a plain button that loads RainbowKit and opens the connect modal.
 */
export function WalletButton() {
  const module = useKit()
  const { status, address } = useAccount()
  const [loading, setLoading] = useState(false)
  const slot = useCallback((element: HTMLElement | null) => {
    if (!element) return
    const id = nextSlotId++
    buttonSlots = [...buttonSlots, { id, element }]
    notify()
    return () => {
      buttonSlots = buttonSlots.filter((candidate) => candidate.id !== id)
      notify()
    }
  }, [])
  // `data-rk` scopes RainbowKit's styles, which apply only inside an element carrying it.
  if (module) return <span ref={slot} className="wallet-button" data-rk="" style={{ display: 'contents' }} />
  if (status === 'reconnecting' || status === 'connected') {
    return (
      <button type="button" className="button connect-button" disabled={!address} onClick={() => void loadWalletKit()}>
        {address ? shortenAddress(address) : 'Connecting…'}
      </button>
    )
  }
  return (
    <button
      type="button"
      className="button connect-button"
      disabled={loading}
      onClick={() => {
        setLoading(true)
        openWhenReady = true
        void loadWalletKit().catch(() => setLoading(false))
      }}
    >
      Connect Wallet
    </button>
  )
}
