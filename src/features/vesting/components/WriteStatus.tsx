import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { WalletToOpen } from '../../../wallet/openWallet'
import type { SafeProgress } from '../../../wallet/pendingTransaction'
import type { ReportTone } from '../../../wallet/useTransactor'
import type { VestingActions } from '../actions'

const REPORT_CLASS: Record<ReportTone, string> = { success: 'success', failure: 'failure', waiting: 'notice' }

/** What the status reads of the write pipeline. */
export type WriteStatusActions = Pick<
  VestingActions,
  'waitingFor' | 'watchingInBackground' | 'stopWaiting' | 'report' | 'clearReport' | 'pending'
>

/** Where a Safe transaction stands: its owners' signatures, then its execution. */
export function safeStatusLine({ confirmations, threshold, txHash, missing }: SafeProgress): string {
  // The Safe's own app, named as it spells itself: a placeholder, as its braces would read as one in a message.
  const safeApp = 'Safe{Wallet}'
  if (txHash) return t({ message: 'Executing…', comment: "A Safe transaction: the owners' signatures are in" })
  if (missing) return t`${safeApp} no longer lists this transaction. If the owners execute it, it shows here.`
  if (threshold === undefined) return t`Waiting for the Safe's owners.`
  const signed = confirmations ?? 0
  // A Safe with one owner executes what that owner signs at once.
  if (threshold === 1 && signed >= 1) {
    return t({ message: 'Executing…', comment: "A Safe transaction: the owners' signatures are in" })
  }
  if (signed >= threshold) {
    return t({
      message: `Signed by the Safe's owners — ${signed} of ${threshold} signatures. Waiting for an owner to execute it in ${safeApp}.`,
      comment: '{signed} of {threshold}: signatures given, of those the Safe requires',
    })
  }
  // A proposer's proposal carries no owner's signature yet.
  if (signed === 0) {
    return t({
      message: `Proposed to the Safe's owners — 0 of ${threshold} signatures. Waiting for them to sign it in ${safeApp}.`,
      comment: '0 of {threshold}: no signature given yet, of those the Safe requires',
    })
  }
  return t({
    message: `Waiting for the Safe's owners — ${signed} of ${threshold} signatures.`,
    comment: '{signed} of {threshold}: signatures given, of those the Safe requires',
  })
}

/**
 * "Open {wallet}": a link the holder taps to bring the wallet app forward, on a phone whose wallet answers over
 * WalletConnect and sits in the background meanwhile. A page cannot open another app outside a tap, so it is the
 * holder's own tap, on a plain link, that does.
 */
function OpenWallet({ wallet }: { wallet: WalletToOpen }) {
  const external = wallet.href.startsWith('https:')
  const { name } = wallet
  return (
    <a
      className="button primary open-wallet"
      href={wallet.href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <Trans comment="Link: brings the wallet app (named) to the front">Open {name}</Trans>
    </a>
  )
}

/**
 * The write in flight and how the last one ended: "Stop waiting" for a transaction that is never mined (it is still
 * watched, and reported if it lands), "Open {wallet}" while a wallet app must answer, and a link to the explorer once
 * the write has settled.
 */
export function WriteStatus({ actions, walletToOpen }: { actions: WriteStatusActions; walletToOpen?: WalletToOpen }) {
  const { t } = useLingui()
  const { waitingFor, report, pending } = actions
  const requested = waitingFor?.requested
  // The wallet must answer: a write asked of it (recorded before the ask), or one still being asked with no record.
  // Once a Safe has answered, its owners sign where they are: no wallet app to open.
  const walletMustAnswer = waitingFor ? Boolean(requested && !requested.unanswered) : pending !== null
  const open = walletToOpen && walletMustAnswer ? <OpenWallet wallet={walletToOpen} /> : null
  const description = waitingFor?.description
  const status = waitingFor?.safe && safeStatusLine(waitingFor.safe)
  const explorer = report?.explorer?.name
  return (
    <>
      {waitingFor && (
        <div className="notice pending-notice" role="status">
          <p>
            {waitingFor.safe
              ? t({
                  message: `${status} ${description}.`,
                  comment:
                    "{status}: where a Safe transaction stands; {description}: what it does, e.g. 'Claim 250 NAI'",
                })
              : waitingFor.requested?.safe
                ? t`Waiting for the Safe's answer: ${description}. Added to the Safe's batch? It shows here once the batch is executed.`
                : waitingFor.requested?.unanswered
                  ? t`Your wallet did not answer in time. If you approved it there, it shows here once it is confirmed: ${description}.`
                  : waitingFor.requested
                    ? t`Waiting for your wallet to answer: ${description}.`
                    : t`Waiting for your transaction to be confirmed: ${description}.`}
          </p>
          {open}
          <button type="button" className="button link" onClick={actions.stopWaiting}>
            <Trans>Stop waiting</Trans>
          </button>
        </div>
      )}
      {!waitingFor && open && (
        <div className="notice pending-notice" role="status">
          <p>
            <Trans>Waiting for your wallet to answer.</Trans>
          </p>
          {open}
        </div>
      )}
      {actions.watchingInBackground && !waitingFor && (
        <p className="notice" role="status">
          <Trans>
            You stopped waiting for a transaction. It is still watched, and you will be told here if it lands.
          </Trans>
        </p>
      )}
      {report && (
        <div className={REPORT_CLASS[report.tone]} role={report.tone === 'failure' ? 'alert' : 'status'}>
          <p>
            {report.message}
            {report.explorer && (
              <>
                {' '}
                <a href={report.explorer.url} target="_blank" rel="noopener noreferrer">
                  <Trans comment="Link to the transaction on a block explorer (named, e.g. Etherscan)">
                    View on {explorer}
                  </Trans>
                </a>
              </>
            )}
          </p>
          <button type="button" className="button" onClick={actions.clearReport}>
            <Trans comment="Button: hide this message">Dismiss</Trans>
          </button>
        </div>
      )}
    </>
  )
}
