import { Trans, useLingui } from '@lingui/react/macro'
import './walletConnectLink.css'
import { useState } from 'react'
import { type Connector, useConfig } from 'wagmi'
import { CopyButton } from '../lib/CopyButton'
import { usePairing } from './phoneSheet/usePairing'
import type { WagmiConfig } from './wagmi'

/**
 * Below RainbowKit's wallet list on a desktop, whose WalletConnect entry is a QR code only: the connection link
 * itself, for a wallet that takes a pasted link (Safe{Wallet}'s WalletConnect entry, a wallet on this computer). The
 * pairing is made only once the holder asks for the link, and ends when RainbowKit's list gives way to a wallet.
 */
export function WalletConnectLink() {
  const config = useConfig()
  const connector = config.connectors.find((candidate) => candidate.type === 'walletConnect')
  const [wanted, setWanted] = useState(false)
  if (!connector) return null
  return (
    <div className="walletconnect-link">
      {wanted ? (
        <PairingLink config={config} connector={connector} />
      ) : (
        <p>
          <Trans>Connecting a Safe, or a wallet that takes a pasted link?</Trans>{' '}
          <button type="button" className="button link" onClick={() => setWanted(true)}>
            <Trans>Show a WalletConnect link</Trans>
          </button>
        </p>
      )}
    </div>
  )
}

function PairingLink({ config, connector }: { config: WagmiConfig; connector: Connector }) {
  const { t } = useLingui()
  const { pairing, state } = usePairing(config, connector, true, () => false)
  if (state.status === 'failed') {
    return (
      <>
        <p role="alert">{state.message}</p>
        <button type="button" className="button link" onClick={() => pairing?.retry()}>
          <Trans>Try again</Trans>
        </button>
      </>
    )
  }
  if (state.status !== 'ready')
    return (
      <p role="status">
        <Trans>Preparing a connection link…</Trans>
      </p>
    )
  return (
    <>
      <label htmlFor="walletconnect-link-uri">
        <Trans>Connection link, to paste in your Safe's WalletConnect or your wallet</Trans>
      </label>
      <div className="walletconnect-link-row">
        <input
          id="walletconnect-link-uri"
          readOnly
          value={state.uri}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={state.uri} label={t`Copy link`} />
      </div>
    </>
  )
}
