import './phoneSheet.css'
import type { Wallet } from '@rainbow-me/rainbowkit'
import {
  bitgetWallet,
  imTokenWallet,
  ledgerWallet,
  metaMaskWallet,
  okxWallet,
  rainbowWallet,
  safepalWallet,
  trustWallet,
  uniswapWallet,
  walletConnectWallet,
  zerionWallet,
} from '@rainbow-me/rainbowkit/wallets'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Drawer } from 'vaul'
import { type Connector, useAccount, useConfig, useConnectors } from 'wagmi'
import { connect } from 'wagmi/actions'
import { useAppConfig } from '../config/AppConfigContext'
import { CopyButton } from '../lib/CopyButton'
import { isStandalone, platform } from '../lib/device'
import { isUserRejection } from '../lib/errors'
import { useSheetHistory } from '../lib/Sheet'
import { createStore, type Store, useStore } from '../lib/store'
import { onRelaySocketFailure } from './connectors'
import { type Pairing, type PairingState, startPairing } from './pairing'
import {
  PHONE_WALLET_APPS,
  type PhonePlatform,
  type PhoneWalletApp,
  type PhoneWalletId,
  storeLink,
  WALLETS_TO_GET,
  walletLink,
} from './phoneWallets'
import { QrCode } from './QrCode'
import { recentFirst, recentWallets, rememberWallet } from './recentWallets'
import type { WagmiConfig } from './wagmi'

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
  const { walletConnectProjectId } = useAppConfig()
  const config = useConfig()
  const { status } = useAccount()
  const injected = useInjectedWallets()
  const connector = config.connectors.find((candidate) => candidate.type === 'walletConnect')
  const [view, setView] = useState<'connect' | 'get'>('connect')
  /** The wallet app the holder opened last in this sheet: remembered once the connection is made. */
  const opened = useRef<string | undefined>(undefined)
  const moreWallets = () => {
    onClose()
    onMoreWallets()
  }
  useSheetHistory(true, onClose)
  // Done once a wallet is connected, through this sheet or any other way.
  useEffect(() => {
    if (status !== 'connected') return
    if (opened.current) rememberWallet(opened.current)
    onClose()
  }, [status, onClose])
  return (
    <Drawer.Root open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Portal>
        <Drawer.Overlay className="phone-sheet-overlay" />
        <Drawer.Content className="phone-sheet" aria-describedby="phone-sheet-return">
          <div className="phone-sheet-header">
            {view === 'get' && (
              <button type="button" className="phone-sheet-back" aria-label="Back" onClick={() => setView('connect')}>
                ‹
              </button>
            )}
            <Drawer.Title className="phone-sheet-title">
              {view === 'get' ? 'Get a Wallet' : 'Connect a Wallet'}
            </Drawer.Title>
            <Drawer.Close className="phone-sheet-close" aria-label="Close">
              ×
            </Drawer.Close>
          </div>
          {view === 'get' ? (
            <GetAWallet />
          ) : (
            <>
              {injected.length > 0 && <InjectedWallets connectors={injected} config={config} />}
              {connector && walletConnectProjectId ? (
                <WalletConnectWallets
                  config={config}
                  connector={connector}
                  pairAtOnce={injected.length === 0}
                  onOpened={(id) => {
                    opened.current = id
                  }}
                />
              ) : (
                <NotConfigured />
              )}
              <InstalledAppHint />
              <div className="phone-sheet-footer">
                <button type="button" className="phone-sheet-more" onClick={() => setView('get')}>
                  Get a Wallet
                </button>
                <button type="button" className="phone-sheet-more" onClick={moreWallets}>
                  More wallets
                </button>
              </div>
            </>
          )}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  )
}

/** Connectors that are not wallets injected by the browser the page runs in. */
const NOT_INJECTED_WALLETS = new Set(['injected', 'localTestWallet'])

/**
 * The wallets the page's browser injects: those announced through EIP-6963 (a wallet app's browser announces itself),
 * else the one at `window.ethereum`.
 */
function useInjectedWallets(): Connector[] {
  const connectors = useConnectors()
  const announced = connectors.filter(
    (connector) => connector.type === 'injected' && !NOT_INJECTED_WALLETS.has(connector.id),
  )
  if (announced.length > 0) return announced
  const windowWallet = (window as Window & { ethereum?: unknown }).ethereum
  const fallback = connectors.find((connector) => connector.id === 'injected')
  return windowWallet && fallback ? [fallback] : []
}

/** The browser's own wallets, first, each connected in one tap. */
function InjectedWallets({ connectors, config }: { connectors: Connector[]; config: WagmiConfig }) {
  const [connecting, setConnecting] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const connectInPlace = (connector: Connector) => {
    setConnecting(connector.uid)
    setFailure(undefined)
    connect(config, { connector }).then(
      () => setConnecting(undefined),
      (error: unknown) => {
        setConnecting(undefined)
        // A declined request returns to the list quietly, as with every wallet.
        if (!isUserRejection(error)) setFailure(`${connector.name} could not be connected. Try again.`)
      },
    )
  }
  return (
    <div className="phone-sheet-body phone-sheet-injected">
      <p className="phone-sheet-label">In this browser</p>
      <ul className="phone-wallets">
        {connectors.map((connector) => (
          <li key={connector.uid}>
            <button
              type="button"
              className="phone-wallet"
              disabled={connecting !== undefined}
              onClick={() => connectInPlace(connector)}
            >
              {connector.icon ? (
                <img className="phone-wallet-icon" src={connector.icon} alt="" />
              ) : (
                <span className="phone-wallet-icon" />
              )}
              <span>{connector.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {connecting !== undefined && (
        <p role="status" className="phone-sheet-hint">
          Approve the connection in your wallet.
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

/** Up to three wallet apps with a link to get each: the App Store on iOS, the Play Store on Android. */
function GetAWallet() {
  const device = platform()
  return (
    <div className="phone-sheet-body">
      <ul className="phone-get-wallets">
        {PHONE_WALLET_APPS.slice(0, WALLETS_TO_GET).map((wallet) => (
          <li key={wallet.id}>
            <WalletIcon id={wallet.id} />
            <span className="phone-get-name">{wallet.name}</span>
            <a
              className="button phone-get-link"
              href={storeLink(wallet, device)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Get ${wallet.name}`}
            >
              GET
            </a>
          </li>
        ))}
      </ul>
      <p className="phone-sheet-hint">
        <strong>Not what you’re looking for?</strong>
        <br />
        Select a wallet on the main screen to get started with a different wallet provider.
      </p>
    </div>
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

type WalletFactory = (options: { projectId: string; walletConnectParameters: object }) => Wallet

/** RainbowKit's wallet for each app: its icon, loaded with the sheet. */
const RAINBOWKIT_WALLETS: Record<PhoneWalletId | 'walletConnect', WalletFactory> = {
  metaMask: metaMaskWallet,
  trust: trustWallet,
  rainbow: rainbowWallet,
  okx: okxWallet,
  uniswap: uniswapWallet,
  zerion: zerionWallet,
  ledger: ledgerWallet,
  safepal: safepalWallet,
  bitget: bitgetWallet,
  imToken: imTokenWallet,
  walletConnect: walletConnectWallet,
}

function iconOf(id: string): Promise<string> {
  const factory = RAINBOWKIT_WALLETS[id as PhoneWalletId | 'walletConnect'] as WalletFactory | undefined
  if (!factory) return Promise.reject(new Error(`No icon for ${id}.`))
  // Only the icon is read: the connector these options would make is never created, but the factories refuse an
  // empty project id up front.
  const { iconUrl } = factory({ projectId: 'icon-only', walletConnectParameters: {} })
  return typeof iconUrl === 'string' ? Promise.resolve(iconUrl) : iconUrl()
}

function WalletIcon({ id }: { id: string }) {
  const [src, setSrc] = useState<string>()
  useEffect(() => {
    let live = true
    iconOf(id).then(
      (url) => live && setSrc(url),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [id])
  return src ? <img className="phone-wallet-icon" src={src} alt="" /> : <span className="phone-wallet-icon" />
}

/** Starts a pairing through wagmi's WalletConnect connector while the sheet is open, once `enabled`. */
function usePairing(
  config: WagmiConfig,
  connector: Connector,
  enabled: boolean,
): { pairing: Pairing | undefined; state: PairingState } {
  const [pairing, setPairing] = useState<Pairing>()
  useEffect(() => {
    if (!enabled) return
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
  }, [config, connector, enabled])
  const state = useStore(pairing?.state ?? PREPARING)
  return { pairing, state }
}

const PREPARING: Store<PairingState> = createStore<PairingState>({ status: 'preparing' })

/** The generic WalletConnect entry: a QR code and the bare `wc:` link, for any wallet. */
type Choice = { kind: 'app'; wallet: PhoneWalletApp } | { kind: 'any' }

function WalletConnectWallets({
  config,
  connector,
  pairAtOnce,
  onOpened,
}: {
  config: WagmiConfig
  connector: Connector
  /** Make the pairing when the sheet opens (else when a wallet is chosen). */
  pairAtOnce: boolean
  onOpened: (id: string) => void
}) {
  /** The wallet the holder tapped; its link opens on a tap once the pairing is ready. */
  const [choice, setChoice] = useState<Choice>()
  /** Whether its link has been opened. */
  const [opened, setOpened] = useState(false)
  const { pairing, state } = usePairing(config, connector, pairAtOnce || choice !== undefined)
  const recent = useStore(recentWallets)
  const device: PhonePlatform = platform() === 'android' ? 'android' : 'ios'
  const ready = state.status === 'ready' ? state.uri : undefined

  const link = (wallet: PhoneWalletApp, uri: string, children: ReactNode, className: string) => {
    const href = walletLink(wallet, uri, device)
    // A universal link opens the wallet's web page in a new tab when the app is missing; the sheet stays as it is.
    const external = href.startsWith('https:')
    return (
      <a
        className={className}
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        onClick={() => {
          setChoice({ kind: 'app', wallet })
          setOpened(true)
          onOpened(wallet.id)
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

  if (choice?.kind === 'any') {
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
            <CopyButton text={ready} label="Copy link" />
            <a className="button primary phone-sheet-open" href={ready} onClick={() => pairing?.opened()}>
              Open in a wallet app
            </a>
          </>
        ) : (
          <p role="status">Preparing…</p>
        )}
        <ReturnHint />
        <button type="button" className="button link" onClick={() => setChoice(undefined)}>
          Back to the wallets
        </button>
      </div>
    )
  }

  if (choice) {
    const chosen = choice.wallet
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
        <GetChosen wallet={chosen} device={device} />
        <ReturnHint />
        <button
          type="button"
          className="button link"
          onClick={() => {
            setChoice(undefined)
            setOpened(false)
          }}
        >
          Choose another wallet
        </button>
      </div>
    )
  }

  const wallets = recentFirst(PHONE_WALLET_APPS, recent)
  return (
    <div className="phone-sheet-body">
      <ul className="phone-wallets">
        {wallets.map((wallet) => {
          const content = (
            <>
              <WalletIcon id={wallet.id} />
              <span>{wallet.name}</span>
              {recent.includes(wallet.id) && <span className="phone-wallet-recent">Recent</span>}
            </>
          )
          return (
            <li key={wallet.id}>
              {ready ? (
                link(wallet, ready, content, 'phone-wallet')
              ) : (
                <button type="button" className="phone-wallet" onClick={() => setChoice({ kind: 'app', wallet })}>
                  {content}
                </button>
              )}
            </li>
          )
        })}
        <li>
          <button type="button" className="phone-wallet" onClick={() => setChoice({ kind: 'any' })}>
            <WalletIcon id="walletConnect" />
            <span>WalletConnect</span>
          </button>
        </li>
      </ul>
      {pairAtOnce && !ready && (
        <p role="status" className="phone-sheet-hint">
          Preparing a connection…
        </p>
      )}
      <ReturnHint />
    </div>
  )
}

/**
 * Where to get the chosen wallet, for a holder whose phone does not have it: a custom scheme (iOS) opens nothing
 * when the app is missing, and a universal link shows the maker's page, which the holder may have left.
 */
function GetChosen({ wallet, device }: { wallet: PhoneWalletApp; device: PhonePlatform }) {
  const href = storeLink(wallet, device)
  const { hostname } = new URL(href)
  const where = hostname.endsWith('apple.com')
    ? 'the App Store'
    : hostname === 'play.google.com'
      ? 'Google Play'
      : 'its website'
  return (
    <p className="phone-sheet-hint">
      Don’t have {wallet.name}?{' '}
      <a href={href} target="_blank" rel="noopener noreferrer">
        Get {wallet.name} from {where}
      </a>
    </p>
  )
}

function ReturnHint() {
  return (
    <p id="phone-sheet-return" className="phone-sheet-hint">
      Return to this app after approving in your wallet.
    </p>
  )
}
