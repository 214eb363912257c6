import { formatDateTime, formatTokenAmount, shortenAddress } from '../../domain/format'
import { demoTokenAbi, legacyClaimAbi, vestingAbi } from '../../generated'
import {
  decodeRevert,
  describeError,
  type ErrorDescription,
  type ErrorSentences,
  revertSentence,
  SOLIDITY_ERRORS,
} from '../../lib/errors'

/** Every error the portal's contracts can revert with: their own, OpenZeppelin's, the token's and Solidity's. */
export const portalErrorAbi = [...vestingAbi, ...legacyClaimAbi, ...demoTokenAbi, ...SOLIDITY_ERRORS] as const

export type HolderErrorContext = {
  /** The token the amounts in a message are counted in. */
  token: { symbol: string; decimals: number }
  /** The app's chain, named when the wallet is on another one. */
  chainName?: string
  /** Locale and time zone for dates in messages; the holder's own when not given. */
  locale?: string
  timeZone?: string
}

const amount = (value: bigint, { token }: HolderErrorContext) =>
  `${formatTokenAmount(value, token.decimals)} ${token.symbol}`
const date = (epochSeconds: bigint, { locale, timeZone }: HolderErrorContext) =>
  formatDateTime(epochSeconds, locale, timeZone)

/** The reverts a holder can meet through the portal's actions: claim and burn, unlock and the legacy claim. */
const HOLDER_SENTENCES: ErrorSentences<typeof portalErrorAbi, HolderErrorContext> = {
  Vesting_OutsideClaimWindow: ([, claimStart, claimEnd], context) =>
    `The claim window is closed: claim and burn is only possible between ${date(claimStart, context)} and ${date(claimEnd, context)}.`,
  Vesting_AmountExceedsPosition: ([, claimed, position], context) =>
    `You asked to claim ${amount(claimed, context)}, but your position holds only ${amount(position, context)}.`,
  Vesting_ZeroAmount: () => 'The amount must be more than zero.',
  Vesting_UnlockNotStarted: ([, unlockStart], context) =>
    `Unlocking has not started yet: your tokens begin to unlock on ${date(unlockStart, context)}.`,
  Vesting_NothingToUnlock: () => 'Nothing has unlocked since your last claim.',
  LegacyClaim_ClaimNotStarted: ([, claimStart], context) =>
    `Legacy tokens can be claimed from ${date(claimStart, context)}.`,
  LegacyClaim_NothingToClaim: () => 'This address has no legacy tokens left to claim.',
  // A contract that holds less than it owes fails the payout with the token's own error.
  ERC20InsufficientBalance: ([sender, balance, needed], context) =>
    `The token transfer failed: ${shortenAddress(sender)} holds ${amount(balance, context)} but ${amount(needed, context)} is needed.`,
  Error: ([message]) =>
    message ? `The contract refused the transaction: ${message}` : 'The contract refused the transaction.',
  Panic: ([code]) => `The contract stopped on an internal error (panic code 0x${code.toString(16)}).`,
}

/** What the holder is told about a failed read or write; a revert with no sentence of its own is named. */
export function describeHolderError(error: unknown, context: HolderErrorContext): ErrorDescription {
  return describeError(error, {
    chainName: context.chainName,
    revert: (failure) => {
      const decoded = decodeRevert(failure, portalErrorAbi)
      if (!decoded) return undefined
      return (
        revertSentence(decoded, HOLDER_SENTENCES, context) ??
        `The contract refused the transaction (${decoded.errorName}).`
      )
    },
  })
}
