import type { Address } from 'viem'
import { chainName } from '../config/chains'
import { shortenAddress } from '../domain/format'

/** What decides whether the holder can send a write now. */
export type GuardState = {
  online: boolean
  /** A wallet is connected for the address the page shows. */
  connected: boolean
  /** The wallet's chain, when one is connected. */
  chainId: number | undefined
  /** The chain this build serves. */
  chain: { id: number; name: string }
  /** The sender of a write still being waited for, when it is another account than the connected one. */
  pendingFrom?: Address
  /** The wallet is a Safe opened by someone who is not one of its owners. */
  readOnlySafe?: boolean
  /** The wallet is a Safe (the portal open as a Safe App): it cannot switch networks. */
  inSafe?: boolean
  /** The figures shown are from before the holder's last confirmed write: acting on them would repeat it. */
  figuresBehind?: boolean
}

/** Why the actions wait in a Safe open in Safe{Wallet} by someone who is neither an owner nor a proposer. */
export const READ_ONLY_SAFE =
  "Only the Safe's owners and proposers can claim. This Safe is open in Safe{Wallet} by someone who is neither: connect an owner's wallet there, and the actions come back."

/** Why the holder cannot act right now, or `null` when they can: the page disables its actions with this reason. */
export function guardMessage({
  online,
  connected,
  chainId,
  chain,
  pendingFrom,
  readOnlySafe,
  inSafe,
  figuresBehind,
}: GuardState): string | null {
  if (!online) return 'You are offline. Actions are available again once you are back online.'
  if (!connected) return 'Your wallet is not connected yet. Actions are available once it has reconnected.'
  if (readOnlySafe) return READ_ONLY_SAFE
  if (chainId !== chain.id && inSafe && chainId !== undefined) {
    return `This Safe is on ${chainName(chainId)}. The portal runs on ${chain.name} only and cannot be used from this Safe: open a Safe on ${chain.name} in Safe{Wallet}.`
  }
  if (chainId !== chain.id) return `Your wallet is on another network. Switch to ${chain.name} to continue.`
  // One write at a time: the wallet would queue a second one behind the first account's nonce anyway.
  if (pendingFrom) {
    return `A transaction from ${shortenAddress(pendingFrom)} is still waiting to be confirmed. Actions are available again once it settles, or once you stop waiting for it.`
  }
  if (figuresBehind) {
    return 'Your position is being updated after your transaction. Actions are available again once it is.'
  }
  return null
}
