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

/**
 * Set once something needs RainbowKit while it is not loaded (a transaction to record, the account modal): the page
 * loads it then.
 */
export const walletKitWanted = createStore(false)

/** Opens RainbowKit's connect modal now if RainbowKit is ready, or as soon as it is. */
export function openConnectModalWhenReady() {
  if (actions?.openConnectModal) actions.openConnectModal()
  else modalWanted = 'connect'
}

/** Opens RainbowKit's account modal (balance, recent transactions, Disconnect) now, or once RainbowKit has loaded. */
export function openAccountModalWhenReady() {
  if (actions?.openAccountModal) actions.openAccountModal()
  else {
    modalWanted = 'account'
    walletKitWanted.set(true)
  }
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
 * Adds a sent transaction to RainbowKit's recent transactions (the account modal lists them), once RainbowKit has
 * loaded if it has not yet.
 */
export function addRecentTransaction(hash: Hash, description: string) {
  if (actions) return record({ hash, description })
  unrecorded.push({ hash, description })
  walletKitWanted.set(true)
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
