import { t } from '@lingui/core/macro'
import { formatDateTime, formatTokens, shortenAddress } from '../../domain/format'
import { describeError } from '../../lib/describeError'
import { decodeRevert, type ErrorDescription, type ErrorSentences, revertSentence } from '../../lib/errors'
import { portalErrorAbi } from './errorAbi'

export { portalErrorAbi }

export type HolderErrorContext = {
  /** The token the amounts in a message are counted in. */
  token: { symbol: string; decimals: number }
  /** The app's chain, named when the wallet is on another one. */
  chainName?: string
  /** Locale and time zone for dates in messages; the holder's own when not given. */
  locale?: string
  timeZone?: string
}

const amount = (value: bigint, { token }: HolderErrorContext) => formatTokens(value, token.decimals, token.symbol)
const date = (epochSeconds: bigint, { locale, timeZone }: HolderErrorContext) =>
  formatDateTime(epochSeconds, locale, timeZone)

/**
 * The reverts a holder can meet through the portal's actions: claim and burn, unlock and the legacy claim. Each
 * sentence is translated as it is built, in the holder's language at that moment.
 */
const HOLDER_SENTENCES: ErrorSentences<typeof portalErrorAbi, HolderErrorContext> = {
  Vesting_OutsideClaimWindow: ([, claimStart, claimEnd], context) => {
    const start = date(claimStart, context)
    const end = date(claimEnd, context)
    return t({
      message: `The claim window is closed: claim and burn is only possible between ${start} and ${end}.`,
      comment: 'Claim and burn: take tokens early, part paid out and the rest destroyed',
    })
  },
  Vesting_AmountExceedsPosition: ([, claimed, position], context) => {
    const asked = amount(claimed, context)
    const held = amount(position, context)
    return t({
      message: `You asked to claim ${asked}, but your position holds only ${held}.`,
      comment: 'Position: the tokens allocated to the holder under the vesting schedule',
    })
  },
  Vesting_ZeroAmount: () => t`The amount must be more than zero.`,
  Vesting_UnlockNotStarted: ([, unlockStart], context) => {
    const start = date(unlockStart, context)
    return t`Unlocking has not started yet: your tokens begin to unlock on ${start}.`
  },
  Vesting_NothingToUnlock: () => t`Nothing has unlocked since your last claim.`,
  LegacyClaim_ClaimNotStarted: ([, claimStart], context) => {
    const start = date(claimStart, context)
    return t({
      message: `Legacy tokens can be claimed from ${start}.`,
      comment: 'Legacy tokens: left over from earlier vesting platforms',
    })
  },
  LegacyClaim_NothingToClaim: () =>
    t({
      message: 'This address has no legacy tokens left to claim.',
      comment: 'Legacy tokens: left over from earlier vesting platforms',
    }),
  // A contract that holds less than it owes fails the payout with the token's own error.
  ERC20InsufficientBalance: ([sender, balance, needed], context) => {
    const address = shortenAddress(sender)
    const held = amount(balance, context)
    const required = amount(needed, context)
    return t`The token transfer failed: ${address} holds ${held} but ${required} is needed.`
  },
  // The contract's own words, as it reverted with them: not translated.
  Error: ([message]) =>
    message ? t`The contract refused the transaction: ${message}` : t`The contract refused the transaction.`,
  Panic: ([code]) => {
    const panicCode = `0x${code.toString(16)}`
    return t`The contract stopped on an internal error (panic code ${panicCode}).`
  },
}

/** What the holder is told about a failed read or write; a revert with no sentence of its own is named. */
export function describeHolderError(error: unknown, context: HolderErrorContext): ErrorDescription {
  return describeError(error, {
    chainName: context.chainName,
    revert: (failure) => {
      const decoded = decodeRevert(failure, portalErrorAbi)
      if (!decoded) return undefined
      const { errorName } = decoded
      return (
        revertSentence(decoded, HOLDER_SENTENCES, context) ??
        t({
          message: `The contract refused the transaction (${errorName}).`,
          comment: "{errorName}: the contract's own name for the error, e.g. Vesting_NotWhitelisted",
        })
      )
    },
  })
}
