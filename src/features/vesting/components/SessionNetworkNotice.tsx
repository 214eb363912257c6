import { Trans } from '@lingui/react/macro'
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
  const network = chain.name
  const chainId = chain.id
  return (
    <div className="notice connection-notice" role="alert">
      <p>
        <Trans>
          {walletName} approved the connection without the {network} network (chain ID {chainId}), which this portal
          uses. Allow {network} for this site in {walletName}, then connect again.
        </Trans>
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
          <Trans comment="Button: connect the wallet to this portal anew">Connect again</Trans>
        </button>
      </div>
    </div>
  )
}
