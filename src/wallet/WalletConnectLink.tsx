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
          Connecting a Safe, or a wallet that takes a pasted link?{' '}
          <button type="button" className="button link" onClick={() => setWanted(true)}>
            Show a WalletConnect link
          </button>
        </p>
      )}
    </div>
  )
}

function PairingLink({ config, connector }: { config: WagmiConfig; connector: Connector }) {
  const { pairing, state } = usePairing(config, connector, true, () => false)
  if (state.status === 'failed') {
    return (
      <>
        <p role="alert">{state.message}</p>
        <button type="button" className="button link" onClick={() => pairing?.retry()}>
          Try again
        </button>
      </>
    )
  }
  if (state.status !== 'ready') return <p role="status">Preparing a connection link…</p>
  return (
    <>
      <label htmlFor="walletconnect-link-uri">
        Connection link, to paste in your Safe's WalletConnect or your wallet
      </label>
      <div className="walletconnect-link-row">
        <input
          id="walletconnect-link-uri"
          readOnly
          value={state.uri}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={state.uri} label="Copy link" />
      </div>
    </>
  )
}
