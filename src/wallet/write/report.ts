import { i18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Chain, Hash } from 'viem'
import { type ExplorerLink, transactionLink } from '../../lib/explorer'
import type { Outcome, OutcomeStatus } from '../awaitOutcome'
import type { PendingTransaction } from '../pendingTransaction'

/** How a report reads: a success, a failure, or news about a write still being waited for. */
export type ReportTone = 'success' | 'failure' | 'waiting'

/**
 * For each way a write ends: whether it is over (the pending record goes), how it reads, what the holder is told,
 * and what they are told when it ends after they stopped waiting for it (`null`: nothing yet).
 */
export const OUTCOMES: {
  [status in OutcomeStatus]: {
    over: boolean
    tone: ReportTone
    message: MessageDescriptor
    afterDismissed: MessageDescriptor | null
  }
} = {
  success: {
    over: true,
    tone: 'success',
    message: msg`Your transaction was confirmed.`,
    afterDismissed: msg`The transaction you stopped waiting for was confirmed after all.`,
  },
  reverted: {
    over: true,
    tone: 'failure',
    message: msg`The transaction was reverted on chain. Nothing was changed.`,
    afterDismissed: msg`The transaction you stopped waiting for was mined but reverted. Nothing was changed.`,
  },
  cancelled: {
    over: true,
    tone: 'failure',
    message: msg`The transaction was cancelled in your wallet.`,
    afterDismissed: msg`The transaction you stopped waiting for was cancelled in your wallet.`,
  },
  replaced: {
    over: true,
    tone: 'failure',
    message: msg`Your transaction was replaced in your wallet. The figures show the outcome.`,
    afterDismissed: msg`The transaction you stopped waiting for was replaced in your wallet. The figures show the outcome.`,
  },
  offline: {
    over: false,
    tone: 'failure',
    message: msg`The network could not be reached while waiting for your transaction. It will be checked again when you are back online.`,
    afterDismissed: null,
  },
  busy: {
    over: false,
    tone: 'waiting',
    message: msg`The network is busy. Your transaction is still being watched and will be checked again in a few seconds.`,
    afterDismissed: null,
  },
  superseded: {
    over: true,
    tone: 'failure',
    message: msg`The Safe executed another transaction with the same nonce, so this one can no longer run. Nothing was changed.`,
    afterDismissed: msg`The Safe transaction you stopped waiting for was replaced by another with the same nonce. Nothing was changed.`,
  },
  outsideSafe: {
    over: false,
    tone: 'waiting',
    message: msg`This transaction waits for the Safe's owners. Open the portal inside your Safe to follow it.`,
    afterDismissed: null,
  },
  walletNeeded: {
    over: false,
    tone: 'waiting',
    message: msg`Your wallet is following this batch. Connect it to see how it ended.`,
    afterDismissed: null,
  },
  batchFailed: {
    over: true,
    tone: 'failure',
    message: msg`Your wallet reports that the batch did not go through. Nothing was changed.`,
    afterDismissed: msg`Your wallet reports that the batch you stopped waiting for did not go through. Nothing was changed.`,
  },
  partial: {
    over: true,
    tone: 'failure',
    message: msg`Part of the batch went through and part of it failed. The figures show what changed.`,
    afterDismissed: msg`Part of the batch you stopped waiting for went through and part of it failed. The figures show what changed.`,
  },
}

/** How long a write whose outcome the busy network could not tell waits before it is looked up again. */
export const PENDING_RECHECK_MS = 10_000

/** What the holder is told when a write has settled (or failed before it was sent), with its explorer page. */
export type WriteReport = { message: string; tone: ReportTone; explorer: ExplorerLink | undefined }

/** Whether an outcome ends the write: its record goes, and the actions are free. */
export function isOver(status: OutcomeStatus): boolean {
  return OUTCOMES[status].over
}

/**
 * Whether the holder had stopped waiting for `record` when it settled: they dismissed it, or a newer write has taken
 * its place since (`latest` is the pending record now).
 */
export function wasDismissed(record: PendingTransaction, latest: PendingTransaction | null): boolean {
  return latest === null ? record.dismissed === true : latest.hash !== record.hash || latest.dismissed === true
}

/**
 * The settle step: what the holder is told once `record` has `outcome` (`reason`: the revert explained by running the
 * call again, if it was). `null`: nothing to tell yet. A Safe transaction's, a batch's or an unanswered request's own
 * key is not on chain: only a receipt's transaction has an explorer page.
 */
export function settledReport(input: {
  outcome: Outcome
  record: PendingTransaction
  dismissed: boolean
  reason: string | null
  chain: Chain
}): WriteReport | null {
  const { outcome, record, dismissed, reason, chain } = input
  const row = OUTCOMES[outcome.status]
  const told = dismissed ? row.afterDismissed : (reason ?? row.message)
  if (told === null) return null
  const message = typeof told === 'string' ? told : i18n._(told)
  const hash: Hash | undefined =
    'receipt' in outcome
      ? outcome.receipt.transactionHash
      : record.safe || record.batch || record.requested
        ? undefined
        : record.hash
  return { message, tone: row.tone, explorer: row.over && hash ? transactionLink(chain, hash) : undefined }
}
