import { useAccount, useConfig } from 'wagmi'
import { disconnect } from 'wagmi/actions'
import { type ConnectionEndReason, endedConnection } from '../../../wallet/connectionEnd'
import { useSessionGrant } from '../../../wallet/sessionGrant'
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

/**
 * A WalletConnect wallet that approved the connection without this portal's network: names the network it must
 * allow, since switching to a network the session lacks fails in the wallet.
 */
export function SessionNetworkNotice() {
  const grant = useSessionGrant()
  const config = useConfig()
  const { connector } = useAccount()
  const [chain] = config.chains
  if (!grant || grant.chainIds.includes(chain.id)) return null
  const { walletName } = grant
  return (
    <div className="notice connection-notice" role="alert">
      <p>
        {walletName} approved the connection without the {chain.name} network (chain ID {chain.id}), which this portal
        uses. Allow {chain.name} for this site in {walletName}, then connect again.
      </p>
      <div className="connection-notice-actions">
        <button
          type="button"
          className="button primary"
          onClick={() => {
            void disconnect(config, connector ? { connector } : undefined)
              .catch(() => undefined)
              .then(() => connectWallet())
          }}
        >
          Connect again
        </button>
      </div>
    </div>
  )
}
