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
  if (txHash) return 'Executing…'
  if (missing) return 'Safe{Wallet} no longer lists this transaction. If the owners execute it, it shows here.'
  if (threshold === undefined) return "Waiting for the Safe's owners."
  const signed = confirmations ?? 0
  // A Safe with one owner executes what that owner signs at once.
  if (threshold === 1 && signed >= 1) return 'Executing…'
  if (signed >= threshold) {
    return `Signed by the Safe's owners — ${signed} of ${threshold} signatures. Waiting for an owner to execute it in Safe{Wallet}.`
  }
  // A proposer's proposal carries no owner's signature yet.
  if (signed === 0) {
    return `Proposed to the Safe's owners — 0 of ${threshold} signatures. Waiting for them to sign it in Safe{Wallet}.`
  }
  return `Waiting for the Safe's owners — ${signed} of ${threshold} signatures.`
}

/**
 * "Open {wallet}": a link the holder taps to bring the wallet app forward, on a phone whose wallet answers over
 * WalletConnect and sits in the background meanwhile. A page cannot open another app outside a tap, so it is the
 * holder's own tap, on a plain link, that does.
 */
function OpenWallet({ wallet }: { wallet: WalletToOpen }) {
  const external = wallet.href.startsWith('https:')
  return (
    <a
      className="button primary open-wallet"
      href={wallet.href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      Open {wallet.name}
    </a>
  )
}

/**
 * The write in flight and how the last one ended: "Stop waiting" for a transaction that is never mined (it is still
 * watched, and reported if it lands), "Open {wallet}" while a wallet app must answer, and a link to the explorer once
 * the write has settled.
 */
export function WriteStatus({ actions, walletToOpen }: { actions: WriteStatusActions; walletToOpen?: WalletToOpen }) {
  const { waitingFor, report, pending } = actions
  const requested = waitingFor?.requested
  // The wallet must answer: a write asked of it (recorded before the ask), or one still being asked with no record.
  // Once a Safe has answered, its owners sign where they are: no wallet app to open.
  const walletMustAnswer = waitingFor ? Boolean(requested && !requested.unanswered) : pending !== null
  const open = walletToOpen && walletMustAnswer ? <OpenWallet wallet={walletToOpen} /> : null
  return (
    <>
      {waitingFor && (
        <div className="notice pending-notice" role="status">
          <p>
            {waitingFor.safe
              ? `${safeStatusLine(waitingFor.safe)} ${waitingFor.description}.`
              : waitingFor.requested?.safe
                ? `Waiting for the Safe's answer: ${waitingFor.description}. Added to the Safe's batch? It shows here once the batch is executed.`
                : waitingFor.requested?.unanswered
                  ? `Your wallet did not answer in time. If you approved it there, it shows here once it is confirmed: ${waitingFor.description}.`
                  : waitingFor.requested
                    ? `Waiting for your wallet to answer: ${waitingFor.description}.`
                    : `Waiting for your transaction to be confirmed: ${waitingFor.description}.`}
          </p>
          {open}
          <button type="button" className="button link" onClick={actions.stopWaiting}>
            Stop waiting
          </button>
        </div>
      )}
      {!waitingFor && open && (
        <div className="notice pending-notice" role="status">
          <p>Waiting for your wallet to answer.</p>
          {open}
        </div>
      )}
      {actions.watchingInBackground && !waitingFor && (
        <p className="notice" role="status">
          You stopped waiting for a transaction. It is still watched, and you will be told here if it lands.
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
                  View on {report.explorer.name}
                </a>
              </>
            )}
          </p>
          <button type="button" className="button" onClick={actions.clearReport}>
            Dismiss
          </button>
        </div>
      )}
    </>
  )
}
