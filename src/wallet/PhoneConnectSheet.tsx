import { Trans, useLingui } from '@lingui/react/macro'
import './phoneSheet.css'
import { useEffect, useState } from 'react'
import { Drawer } from 'vaul'
import { useAccount, useConfig } from 'wagmi'
import { useAppConfig } from '../config/AppConfigContext'
import { isStandalone, platform } from '../lib/device'
import { useSheetHistory } from '../lib/Sheet'
import { BrowserWallets, useBrowserWallets } from './BrowserWallets'
import { GetAWallet } from './phoneSheet/GetAWallet'
import { WalletConnectWallets } from './phoneSheet/WalletConnectWallets'

/**
 * The connect sheet on phones, styled like RainbowKit's. In a wallet app's own browser, that wallet comes first, by
 * the name and icon it announces, and connects in one tap. Then the wallet apps phone holders carry, the three used
 * last first, and any other wallet through WalletConnect, with a pairing made when the sheet opens so that a tap
 * opens the wallet at once (in a wallet's browser, only once a WalletConnect wallet is chosen: the holder is most
 * likely to use the wallet they are in). "Get a Wallet" leads to the stores; "More wallets" to RainbowKit's own list
 * (Coinbase Wallet, a browser's wallet, the local test wallet). Without a WalletConnect project id it says what works.
 */
export default function PhoneConnectSheet({
  onClose,
  onMoreWallets,
}: {
  onClose: () => void
  onMoreWallets: () => void
}) {
  const { t } = useLingui()
  const { walletConnectProjectId } = useAppConfig()
  const config = useConfig()
  const { status } = useAccount()
  const injected = useBrowserWallets()
  const connector = config.connectors.find((candidate) => candidate.type === 'walletConnect')
  const [view, setView] = useState<'connect' | 'get'>('connect')
  const moreWallets = () => {
    onClose()
    onMoreWallets()
  }
  useSheetHistory(true, onClose)
  // Done once a wallet is connected, through this sheet or any other way.
  useEffect(() => {
    if (status !== 'connected') return
    onClose()
  }, [status, onClose])
  return (
    <Drawer.Root open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Portal>
        <Drawer.Overlay className="phone-sheet-overlay" />
        <Drawer.Content className="phone-sheet" aria-describedby="phone-sheet-return">
          <div className="phone-sheet-header">
            {view === 'get' && (
              <button
                type="button"
                className="phone-sheet-back"
                aria-label={t`Back`}
                onClick={() => setView('connect')}
              >
                ‹
              </button>
            )}
            <Drawer.Title className="phone-sheet-title">
              {view === 'get' ? t`Get a Wallet` : t`Connect a Wallet`}
            </Drawer.Title>
            <Drawer.Close className="phone-sheet-close" aria-label={t`Close`}>
              ×
            </Drawer.Close>
          </div>
          {view === 'get' ? (
            <GetAWallet />
          ) : (
            <>
              {injected.length > 0 && <BrowserWallets wallets={injected} config={config} />}
              {connector && walletConnectProjectId ? (
                <WalletConnectWallets config={config} connector={connector} pairAtOnce={injected.length === 0} />
              ) : (
                <NotConfigured />
              )}
              <InstalledAppHint />
              <div className="phone-sheet-footer">
                <button type="button" className="phone-sheet-more" onClick={() => setView('get')}>
                  <Trans>Get a Wallet</Trans>
                </button>
                <button type="button" className="phone-sheet-more" onClick={moreWallets}>
                  <Trans>More wallets</Trans>
                </button>
              </div>
            </>
          )}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  )
}
function NotConfigured() {
  return (
    <div className="phone-sheet-body">
      <p>
        <Trans>
          This deployment has no mobile-wallet connection (WalletConnect) configured, so wallet apps cannot be opened
          from here.
        </Trans>
      </p>
      <p>
        <Trans>What works:</Trans>
      </p>
      <ul>
        <li>
          <Trans>
            Open this page in your wallet app's own browser (MetaMask, Rainbow, Coinbase Wallet and others have one):
            the wallet connects directly.
          </Trans>
        </li>
        <li>
          <Trans>On a computer, connect a browser-extension wallet.</Trans>
        </li>
      </ul>
      <p id="phone-sheet-return" className="phone-sheet-hint">
        <Trans comment="Quotes the label of the sheet's More wallets button">
          "More wallets" lists the wallets this browser can use directly.
        </Trans>
      </p>
    </div>
  )
}

/** iOS runs an installed web app apart from Safari: separate storage, and links from a wallet open in Safari. */
function InstalledAppHint() {
  if (platform() !== 'ios' || !isStandalone()) return null
  return (
    <p className="phone-sheet-hint" role="note">
      <Trans>
        You are using the installed app. It keeps its own storage, apart from Safari: a wallet connected in Safari is
        not connected here. When your wallet sends you back after approving, you land in Safari — come back to this app
        from your home screen instead.
      </Trans>
    </p>
  )
}
