import { type ConnectionEndReason, endedConnection } from '../../../wallet/connectionEnd'
import { connectWallet } from '../../../wallet/WalletKit'

const ENDED: Record<ConnectionEndReason, string> = {
  wallet: 'Your wallet ended the connection to this portal.',
  expired: 'The connection to your wallet expired: wallet connections last 7 days.',
  away: 'Your wallet is no longer connected: the connection expired or was ended in the wallet while this page was closed.',
}

/** A wallet connection that ended without the holder asking: what happened, and the way back. */
export function ConnectionEndedNotice({ reason }: { reason: ConnectionEndReason }) {
  return (
    <div className="notice connection-notice" role="status">
      <p>{ENDED[reason]} The figures below are shown watch-only until you connect again.</p>
      <div className="connection-notice-actions">
        <button type="button" className="button primary" onClick={() => void connectWallet()}>
          Connect again
        </button>
        <button type="button" className="button link" onClick={() => endedConnection.set(undefined)}>
          Dismiss
        </button>
      </div>
    </div>
  )
}
