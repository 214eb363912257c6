import { t } from '@lingui/core/macro'
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

/** Safe's own app, by its product name (never translated; its braces are not a message placeholder). */
const SAFE_WALLET = 'Safe{Wallet}'

/** Why the actions wait in a Safe open in Safe{Wallet} by someone who is neither an owner nor a proposer. */
export function readOnlySafeMessage(): string {
  const safeWallet = SAFE_WALLET
  return t({
    message: `Only the Safe's owners and proposers can claim. This Safe is open in ${safeWallet} by someone who is neither: connect an owner's wallet there, and the actions come back.`,
    comment: '"claim": take the vested tokens. {safeWallet} is the product name Safe{Wallet}.',
  })
}

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
  if (!online) return t`You are offline. Actions are available again once you are back online.`
  if (!connected) return t`Your wallet is not connected yet. Actions are available once it has reconnected.`
  if (readOnlySafe) return readOnlySafeMessage()
  const portalChain = chain.name
  if (chainId !== chain.id && inSafe && chainId !== undefined) {
    const safeChain = chainName(chainId)
    const safeWallet = SAFE_WALLET
    return t`This Safe is on ${safeChain}. The portal runs on ${portalChain} only and cannot be used from this Safe: open a Safe on ${portalChain} in ${safeWallet}.`
  }
  if (chainId !== chain.id) return t`Your wallet is on another network. Switch to ${portalChain} to continue.`
  // One write at a time: the wallet would queue a second one behind the first account's nonce anyway.
  if (pendingFrom) {
    const sender = shortenAddress(pendingFrom)
    return t`A transaction from ${sender} is still waiting to be confirmed. Actions are available again once it settles, or once you stop waiting for it.`
  }
  if (figuresBehind) {
    return t({
      message: 'Your position is being updated after your transaction. Actions are available again once it is.',
      comment: '"position": the holder\'s vesting position (their tokens and what they can claim)',
    })
  }
  return null
}
