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
  addRecentTransaction: (transaction: { hash: Hash; description: string }) => void
}

let actions: KitActions | null = null
let openWhenReady = false

/** Opens RainbowKit's connect modal now if RainbowKit is ready, or as soon as it is. */
export function openConnectModalWhenReady() {
  if (actions?.openConnectModal) actions.openConnectModal()
  else openWhenReady = true
}

/** Called by RainbowKit's layer with its imperative actions. */
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

/**
 * The phone's own connect sheet: whether it is open. Its component and WalletConnect's SDK load only when it opens.
 */
export const phoneSheetOpen = createStore(false)
