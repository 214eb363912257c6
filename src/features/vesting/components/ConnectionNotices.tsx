import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type ConnectionEndReason, endedConnection } from '../../../wallet/connectionEnd'
import { connectWallet } from '../../../wallet/WalletKit'

const ENDED: Record<ConnectionEndReason, MessageDescriptor> = {
  wallet: msg`Your wallet ended the connection to this portal.`,
  expired: msg`The connection to your wallet expired: wallet connections last 7 days.`,
  away: msg`Your wallet is no longer connected: the connection expired or was ended in the wallet while this page was closed.`,
}

/** A wallet connection that ended without the holder asking: what happened, and the way back. */
export function ConnectionEndedNotice({ reason }: { reason: ConnectionEndReason }) {
  const { i18n } = useLingui()
  return (
    <div className="notice connection-notice" role="status">
      <p>
        {i18n._(ENDED[reason])}{' '}
        <Trans comment="Watch-only: the figures are shown, but nothing can be signed">
          The figures below are shown watch-only until you connect again.
        </Trans>
      </p>
      <div className="connection-notice-actions">
        <button type="button" className="button primary" onClick={() => void connectWallet()}>
          <Trans comment="Button: connect the wallet to this portal anew">Connect again</Trans>
        </button>
        <button type="button" className="button link" onClick={() => endedConnection.set(undefined)}>
          <Trans comment="Button: hide this message">Dismiss</Trans>
        </button>
      </div>
    </div>
  )
}
