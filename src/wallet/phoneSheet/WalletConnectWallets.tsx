/** The wallet apps, each opened through WalletConnect on its own tap, and any other wallet by QR code or link. */
import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import type { Connector } from 'wagmi'
import { CopyButton } from '../../lib/CopyButton'
import { platform } from '../../lib/device'
import { useStore } from '../../lib/store'
import { PHONE_WALLET_APPS, type PhonePlatform, type PhoneWalletApp, walletLink } from '../phoneWallets'
import { QrCode } from '../QrCode'
import { recentFirst, recentWallets } from '../recentWallets'
import type { WagmiConfig } from '../wagmi'
import { GetChosen } from './GetAWallet'
import { usePairing } from './usePairing'
import { WalletIcon } from './WalletIcon'

/** The generic WalletConnect entry: a QR code and the bare `wc:` link, for any wallet. */
type Choice = { kind: 'app'; wallet: PhoneWalletApp } | { kind: 'any' }

export function WalletConnectWallets({
  config,
  connector,
  pairAtOnce,
}: {
  config: WagmiConfig
  connector: Connector
  /** Make the pairing when the sheet opens (else when a wallet is chosen). */
  pairAtOnce: boolean
}) {
  const { t } = useLingui()
  /** The wallet the holder tapped; its link opens on a tap once the pairing is ready. */
  const [choice, setChoice] = useState<Choice>()
  /** Whether its link has been opened. */
  const [opened, setOpened] = useState(false)
  const { pairing, state } = usePairing(
    config,
    connector,
    pairAtOnce || choice !== undefined,
    () => choice?.kind === 'app',
  )
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
          <Trans>Try again</Trans>
        </button>
      </div>
    )
  }

  if (choice?.kind === 'any') {
    return (
      <div className="phone-sheet-body phone-sheet-qr">
        <p>
          <Trans>Scan with a WalletConnect wallet on another device, or open a wallet app on this phone.</Trans>
        </p>
        {ready ? (
          <>
            <QrCode value={ready} label={t`WalletConnect QR code`} />
            <label className="phone-sheet-field">
              <Trans>Connection link</Trans>
              <input readOnly value={ready} onFocus={(event) => event.currentTarget.select()} />
            </label>
            <CopyButton text={ready} label={t`Copy link`} />
            <a className="button primary phone-sheet-open" href={ready} onClick={() => pairing?.opened()}>
              <Trans>Open in a wallet app</Trans>
            </a>
          </>
        ) : (
          <p role="status">
            <Trans>Preparing…</Trans>
          </p>
        )}
        <ReturnHint />
        <button type="button" className="button link" onClick={() => setChoice(undefined)}>
          <Trans>Back to the wallets</Trans>
        </button>
      </div>
    )
  }

  if (choice) {
    const chosen = choice.wallet
    const name = chosen.name
    return (
      <div className="phone-sheet-body">
        {!ready ? (
          <p role="status">
            <Trans>Preparing…</Trans>
          </p>
        ) : opened ? (
          <>
            <p role="status">
              <Trans>Approve the connection in {name}.</Trans>
            </p>
            {link(
              chosen,
              ready,
              t({ message: `Open ${name} again`, comment: 'Button: brings the wallet app (named) to the front again' }),
              'button primary phone-sheet-open',
            )}
          </>
        ) : (
          link(
            chosen,
            ready,
            t({ message: `Open ${name}`, comment: 'Button: brings the wallet app (named) to the front' }),
            'button primary phone-sheet-open',
          )
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
          <Trans>Choose another wallet</Trans>
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
              {recent.includes(wallet.id) && (
                <span className="phone-wallet-recent">
                  <Trans comment="Badge: a wallet this device connected with before">Recent</Trans>
                </span>
              )}
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
          <Trans>Preparing a connection…</Trans>
        </p>
      )}
      <ReturnHint />
    </div>
  )
}

function ReturnHint() {
  return (
    <p id="phone-sheet-return" className="phone-sheet-hint">
      <Trans>Return to this app after approving in your wallet.</Trans>
    </p>
  )
}
