import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { type Connector, useConnectors } from 'wagmi'
import { connect } from 'wagmi/actions'
import { isUserRejection } from '../lib/errors'
import { type AnnouncedWallet, browserWalletIdentity, GENERIC_WALLET_ICON, listenForWallets } from './browserWallet'
import type { WagmiConfig } from './wagmi'

/** Connectors that are not wallets injected by the browser the page runs in. */
const NOT_INJECTED_WALLETS = new Set(['injected', 'localTestWallet'])

/** A wallet of the browser the page runs in, as the sheet shows it, with the connector that connects it. */
export type BrowserWallet = { connector: Connector; name: string; icon: string }

/**
 * The wallets the page's browser injects: those announced through EIP-6963 (a wallet app's browser announces itself),
 * else the one at `window.ethereum`, by the name and icon it announced (wagmi drops an announcement whose `rdns` a
 * listed connector claims, as RainbowKit's Coinbase connector claims Coinbase Wallet's) or by its flags.
 */
export function useBrowserWallets(): BrowserWallet[] {
  const connectors = useConnectors()
  const [announced, setAnnounced] = useState<{ info: AnnouncedWallet; provider: unknown }[]>([])
  useEffect(() => listenForWallets(setAnnounced), [])
  const listed = connectors.filter(
    (connector) => connector.type === 'injected' && !NOT_INJECTED_WALLETS.has(connector.id),
  )
  if (listed.length > 0) {
    return listed.map((connector) => ({ connector, name: connector.name, icon: connector.icon ?? GENERIC_WALLET_ICON }))
  }
  const windowWallet = (window as Window & { ethereum?: unknown }).ethereum
  const fallback = connectors.find((connector) => connector.id === 'injected')
  if (!windowWallet || !fallback) return []
  return [{ connector: fallback, ...browserWalletIdentity(windowWallet, announced) }]
}

/** The browser's own wallets, first, each connected in one tap. */
export function BrowserWallets({ wallets, config }: { wallets: BrowserWallet[]; config: WagmiConfig }) {
  const { t } = useLingui()
  const [connecting, setConnecting] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const connectInPlace = ({ connector, name }: BrowserWallet) => {
    setConnecting(connector.uid)
    setFailure(undefined)
    connect(config, { connector }).then(
      () => setConnecting(undefined),
      (error: unknown) => {
        setConnecting(undefined)
        // A declined request returns to the list quietly, as with every wallet.
        if (!isUserRejection(error)) setFailure(t`${name} could not be connected. Try again.`)
      },
    )
  }
  return (
    <div className="phone-sheet-body phone-sheet-injected">
      <p className="phone-sheet-label">
        <Trans comment="Heading: the wallets built into the browser the page is open in">In this browser</Trans>
      </p>
      <ul className="phone-wallets">
        {wallets.map((wallet) => (
          <li key={wallet.connector.uid}>
            <button
              type="button"
              className="phone-wallet"
              disabled={connecting !== undefined}
              onClick={() => connectInPlace(wallet)}
            >
              <img className="phone-wallet-icon" src={wallet.icon} alt="" />
              <span>{wallet.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {connecting !== undefined && (
        <p role="status" className="phone-sheet-hint">
          <Trans>Approve the connection in your wallet.</Trans>
        </p>
      )}
      {failure && (
        <p role="alert" className="phone-sheet-error">
          {failure}
        </p>
      )}
    </div>
  )
}
