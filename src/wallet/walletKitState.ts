import type { ComponentType } from 'react'
import type { Hash } from 'viem'
import { createStore, useStore } from '../lib/store'

/**
 * What the page and RainbowKit's lazily loaded layer share: the page reaches RainbowKit only through here, so a first
 * visit never downloads it.
 */

/** RainbowKit's layer, once its module has loaded. */
export type WalletKitModule = { WalletKitLayer: ComponentType }
export const walletKit = createStore<WalletKitModule | null>(null)

/** Where RainbowKit's ConnectButton is shown: one element per mounted wallet button. */
export type ButtonSlot = { id: number; element: HTMLElement }
export const buttonSlots = createStore<readonly ButtonSlot[]>([])

export function useButtonSlots(): readonly ButtonSlot[] {
  return useStore(buttonSlots)
}

type KitActions = {
  openConnectModal: (() => void) | undefined
  openAccountModal: (() => void) | undefined
  addRecentTransaction: (transaction: { hash: Hash; description: string }) => void
}

let actions: KitActions | null = null
let modalWanted: 'connect' | 'account' | null = null
/** Transactions sent before RainbowKit loaded, for its recent transactions once it has. */
let unrecorded: { hash: Hash; description: string }[] = []
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

/** Opens RainbowKit's connect modal now if RainbowKit is ready, or as soon as it is. */
export function openConnectModalWhenReady() {
  if (actions?.openConnectModal) actions.openConnectModal()
  else modalWanted = 'connect'
}

/** Opens RainbowKit's account modal (balance, recent transactions, Disconnect), loading RainbowKit if needed. */
export function openAccountModal(): Promise<unknown> {
  if (actions?.openAccountModal) actions.openAccountModal()
  else modalWanted = 'account'
  return loadWalletKit()
}

/** Called by RainbowKit's layer with its imperative actions, each time they change. */
export function registerWalletKit(next: KitActions) {
  actions = next
  // The connect modal is waited for until it can open; the account modal only while RainbowKit loads.
  const open =
    modalWanted === 'connect' ? next.openConnectModal : modalWanted === 'account' ? next.openAccountModal : undefined
  if (open || modalWanted === 'account') modalWanted = null
  open?.()
  const waiting = unrecorded
  unrecorded = []
  for (const transaction of waiting) record(transaction)
}

/**
 * Adds a sent transaction to RainbowKit's recent transactions (the account modal lists them); RainbowKit loads for it
 * if it has not yet.
 */
export function addRecentTransaction(hash: Hash, description: string) {
  if (!actions) {
    unrecorded.push({ hash, description })
    void loadWalletKit().catch(() => undefined)
    return
  }
  record({ hash, description })
}

function record(transaction: { hash: Hash; description: string }) {
  try {
    actions?.addRecentTransaction(transaction)
  } catch (error) {
    // The record is a convenience; the transaction itself is tracked by the write pipeline.
    console.warn('Could not record the transaction in the wallet list.', error)
  }
}

/**
 * The phone's own connect sheet: whether it is open. Its component and WalletConnect's SDK load only when it opens.
 */
export const phoneSheetOpen = createStore(false)
