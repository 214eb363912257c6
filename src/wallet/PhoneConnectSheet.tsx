import './phoneSheet.css'
import { metaMaskWallet, rainbowWallet, walletConnectWallet } from '@rainbow-me/rainbowkit/wallets'
import { type ReactNode, useEffect, useState } from 'react'
import { Drawer } from 'vaul'
import { type Connector, useAccount, useConfig } from 'wagmi'
import { connect } from 'wagmi/actions'
import { useAppConfig } from '../config/AppConfigContext'
import { isStandalone, platform } from '../lib/device'
import { useSheetHistory } from '../lib/Sheet'
import { createStore, type Store, useStore } from '../lib/store'
import { onRelaySocketFailure } from './connectors'
import { type Pairing, type PairingState, startPairing } from './pairing'
import { PHONE_WALLETS, type PhoneWallet, type PhoneWalletId } from './phoneWallets'
import { QrCode } from './QrCode'
import type { WagmiConfig } from './wagmi'

/**
 * The connect sheet on phones, styled like RainbowKit's: MetaMask, Rainbow and any other wallet through WalletConnect,
 * with a pairing made when the sheet opens so that a tap opens the wallet at once; "More wallets" leads to
 * RainbowKit's own list (Coinbase Wallet, a browser's wallet, the local test wallet). Without a WalletConnect project
 * id it says what works instead.
 */
export default function PhoneConnectSheet({
  onClose,
  onMoreWallets,
}: {
  onClose: () => void
  onMoreWallets: () => void
}) {
  const { walletConnectProjectId } = useAppConfig()
  const config = useConfig()
  const { status } = useAccount()
  const connector = config.connectors.find((candidate) => candidate.type === 'walletConnect')
  const moreWallets = () => {
    onClose()
    onMoreWallets()
  }
  useSheetHistory(true, onClose)
  // Done once a wallet is connected, through this sheet or any other way.
  useEffect(() => {
    if (status === 'connected') onClose()
  }, [status, onClose])
  return (
    <Drawer.Root open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Portal>
        <Drawer.Overlay className="phone-sheet-overlay" />
        <Drawer.Content className="phone-sheet" aria-describedby="phone-sheet-return">
          <div className="phone-sheet-header">
            <Drawer.Title className="phone-sheet-title">Connect a Wallet</Drawer.Title>
            <Drawer.Close className="phone-sheet-close" aria-label="Close">
              ×
            </Drawer.Close>
          </div>
          {connector && walletConnectProjectId ? (
            <WalletConnectWallets config={config} connector={connector} projectId={walletConnectProjectId} />
          ) : (
            <NotConfigured />
          )}
          <InstalledAppHint />
          <button type="button" className="phone-sheet-more" onClick={moreWallets}>
            More wallets
          </button>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  )
}

function NotConfigured() {
  return (
    <div className="phone-sheet-body">
      <p>
        This deployment has no mobile-wallet connection (WalletConnect) configured, so wallet apps cannot be opened from
        here.
      </p>
      <p>What works:</p>
      <ul>
        <li>
          Open this page in your wallet app's own browser (MetaMask, Rainbow, Coinbase Wallet and others have one): the
          wallet connects directly.
        </li>
        <li>On a computer, connect a browser-extension wallet.</li>
      </ul>
      <p id="phone-sheet-return" className="phone-sheet-hint">
        "More wallets" lists the wallets this browser can use directly.
      </p>
    </div>
  )
}

/** iOS runs an installed web app apart from Safari: separate storage, and links from a wallet open in Safari. */
function InstalledAppHint() {
  if (platform() !== 'ios' || !isStandalone()) return null
  return (
    <p className="phone-sheet-hint" role="note">
      You are using the installed app. It keeps its own storage, apart from Safari: a wallet connected in Safari is not
      connected here. When your wallet sends you back after approving, you land in Safari — come back to this app from
      your home screen instead.
    </p>
  )
}

const ICONS: Record<PhoneWalletId, (projectId: string) => () => Promise<string>> = {
  metaMask: (projectId) => () => iconOf(metaMaskWallet({ projectId, walletConnectParameters: {} }).iconUrl),
  rainbow: (projectId) => () => iconOf(rainbowWallet({ projectId, walletConnectParameters: {} }).iconUrl),
  walletConnect: (projectId) => () => iconOf(walletConnectWallet({ projectId }).iconUrl),
}

function iconOf(iconUrl: string | (() => Promise<string>)): Promise<string> {
  return typeof iconUrl === 'string' ? Promise.resolve(iconUrl) : iconUrl()
}

function WalletIcon({ wallet, projectId }: { wallet: PhoneWallet; projectId: string }) {
  const [src, setSrc] = useState<string>()
  useEffect(() => {
    let live = true
    ICONS[wallet.id](projectId)().then(
      (url) => live && setSrc(url),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [wallet.id, projectId])
  return src ? <img className="phone-wallet-icon" src={src} alt="" /> : <span className="phone-wallet-icon" />
}

/** Starts a pairing through wagmi's WalletConnect connector while the sheet is open. */
function usePairing(config: WagmiConfig, connector: Connector): { pairing: Pairing | undefined; state: PairingState } {
  const [pairing, setPairing] = useState<Pairing>()
  useEffect(() => {
    const failureListeners = new Set<() => void>()
    // Watching the relay socket starts before the connection opens one.
    const watching = connector.getProvider().then(
      (provider) =>
        onRelaySocketFailure(provider, () => {
          for (const listener of failureListeners) listener()
        }),
      () => () => undefined,
    )
    const started = startPairing({
      connect: () => watching.then(() => connect(config, { connector })),
      onRelayFailure: (listener) => {
        failureListeners.add(listener)
        return () => failureListeners.delete(listener)
      },
      onUri: (listener) => {
        const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
          if (type === 'display_uri' && typeof data === 'string') listener(data)
        }
        connector.emitter.on('message', onMessage)
        return () => connector.emitter.off('message', onMessage)
      },
    })
    setPairing(started)
    return () => {
      started.close()
      void watching.then((stop) => stop())
    }
  }, [config, connector])
  const state = useStore(pairing?.state ?? PREPARING)
  return { pairing, state }
}

const PREPARING: Store<PairingState> = createStore<PairingState>({ status: 'preparing' })

function WalletConnectWallets({
  config,
  connector,
  projectId,
}: {
  config: WagmiConfig
  connector: Connector
  projectId: string
}) {
  const { pairing, state } = usePairing(config, connector)
  const device = platform() === 'android' ? 'android' : 'ios'
  /** The wallet the holder tapped; its link opens on a tap once the pairing is ready. */
  const [chosen, setChosen] = useState<PhoneWallet>()
  /** Whether its link has been opened. */
  const [opened, setOpened] = useState(false)
  const ready = state.status === 'ready' ? state.uri : undefined

  const link = (wallet: PhoneWallet, uri: string, children: ReactNode, className: string) => {
    const href = wallet.link(uri, device)
    const external = href.startsWith('https:')
    return (
      <a
        className={className}
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        onClick={() => {
          setChosen(wallet)
          setOpened(true)
          pairing?.opened()
        }}
      >
        {children}
      </a>
    )
  }

  if (state.status === 'failed') {
    return (
      <div className="phone-sheet-body">
        <p role="alert" className="phone-sheet-error">
          {state.message}
        </p>
        <button type="button" className="button primary" onClick={() => pairing?.retry()}>
          Try again
        </button>
      </div>
    )
  }

  if (chosen?.id === 'walletConnect') {
    return (
      <div className="phone-sheet-body phone-sheet-qr">
        <p>Scan with a WalletConnect wallet on another device, or open a wallet app on this phone.</p>
        {ready ? (
          <>
            <QrCode value={ready} label="WalletConnect QR code" />
            <label className="phone-sheet-field">
              Connection link
              <input readOnly value={ready} onFocus={(event) => event.currentTarget.select()} />
            </label>
            <button type="button" className="button" onClick={() => void navigator.clipboard?.writeText(ready)}>
              Copy link
            </button>
            {link(chosen, ready, 'Open in a wallet app', 'button primary phone-sheet-open')}
          </>
        ) : (
          <p role="status">Preparing…</p>
        )}
        <ReturnHint />
        <button type="button" className="button link" onClick={() => setChosen(undefined)}>
          Back to the wallets
        </button>
      </div>
    )
  }

  if (chosen) {
    return (
      <div className="phone-sheet-body">
        {!ready ? (
          <p role="status">Preparing…</p>
        ) : opened ? (
          <>
            <p role="status">Approve the connection in {chosen.name}.</p>
            {link(chosen, ready, `Open ${chosen.name} again`, 'button primary phone-sheet-open')}
          </>
        ) : (
          link(chosen, ready, `Open ${chosen.name}`, 'button primary phone-sheet-open')
        )}
        <ReturnHint />
        <button
          type="button"
          className="button link"
          onClick={() => {
            setChosen(undefined)
            setOpened(false)
          }}
        >
          Choose another wallet
        </button>
      </div>
    )
  }

  return (
    <div className="phone-sheet-body">
      <ul className="phone-wallets">
        {PHONE_WALLETS.map((wallet) => {
          const content = (
            <>
              <WalletIcon wallet={wallet} projectId={projectId} />
              <span>{wallet.name}</span>
            </>
          )
          return (
            <li key={wallet.id}>
              {ready && wallet.id !== 'walletConnect' ? (
                link(wallet, ready, content, 'phone-wallet')
              ) : (
                <button type="button" className="phone-wallet" onClick={() => setChosen(wallet)}>
                  {content}
                </button>
              )}
            </li>
          )
        })}
      </ul>
      {!ready && (
        <p role="status" className="phone-sheet-hint">
          Preparing a connection…
        </p>
      )}
      <ReturnHint />
    </div>
  )
}

function ReturnHint() {
  return (
    <p id="phone-sheet-return" className="phone-sheet-hint">
      Return to this app after approving in your wallet.
    </p>
  )
}
