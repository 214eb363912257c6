import { type ComponentType, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react'
import type { Hash } from 'viem'
import { useAccount } from 'wagmi'

type KitModule = typeof import('./rainbowKit')
type KitActions = {
  openConnectModal: (() => void) | undefined
  addRecentTransaction: (transaction: { hash: Hash; description: string }) => void
}

let kit: KitModule | null = null
let kitPromise: Promise<KitModule> | null = null
let actions: KitActions | null = null
let openWhenReady = false
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

/**
 * Wraps the app in RainbowKit's provider once it has loaded. It loads as soon as a wallet is (re)connecting or
 * connected, or when the holder asks to connect.
 */
export function WalletKitBoundary({ children }: { children: ReactNode }) {
  const module = useKit()
  const { status } = useAccount()
  useEffect(() => {
    if (status !== 'disconnected') void loadWalletKit()
  }, [status])
  if (!module) return children
  const Provider: ComponentType<{ children: ReactNode }> = module.WalletKitProvider
  return <Provider>{children}</Provider>
}

/** RainbowKit's ConnectButton once loaded; until then a plain button that loads it and opens the connect modal. */
export function WalletButton() {
  const module = useKit()
  const [loading, setLoading] = useState(false)
  if (module) return <module.ConnectButton />
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
