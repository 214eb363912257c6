import { useAccount, useConfig } from 'wagmi'
import { disconnect } from 'wagmi/actions'
import { useSessionGrant } from '../../../wallet/sessionGrant'
import { connectWallet } from '../../../wallet/WalletKit'

/**
 * A WalletConnect wallet that approved the connection without this portal's network: names the network it must
 * allow, since switching to a network the session lacks fails in the wallet. Loaded only for a WalletConnect wallet,
 * which needs the network anyway.
 */
export default function SessionNetworkNotice() {
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
