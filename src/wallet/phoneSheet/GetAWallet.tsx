/** Where to get a wallet app: "Get a Wallet", and the store link for a chosen app the phone lacks. */
import { Trans, useLingui } from '@lingui/react/macro'
import { platform } from '../../lib/device'
import { useStore } from '../../lib/store'
import { PHONE_WALLET_APPS, type PhonePlatform, type PhoneWalletApp, storeLink, WALLETS_TO_GET } from '../phoneWallets'
import { recentFirst, recentWallets } from '../recentWallets'
import { WalletIcon } from './WalletIcon'

/**
 * Up to three wallet apps with a link to get each (the App Store on iOS, the Play Store on Android), the ones this
 * device connected with first, as RainbowKit's "Get a Wallet" does.
 */
export function GetAWallet() {
  const { t } = useLingui()
  const device = platform()
  const recent = useStore(recentWallets)
  return (
    <div className="phone-sheet-body">
      <ul className="phone-get-wallets">
        {recentFirst(PHONE_WALLET_APPS, recent)
          .slice(0, WALLETS_TO_GET)
          .map((wallet) => {
            const name = wallet.name
            return (
              <li key={wallet.id}>
                <WalletIcon id={wallet.id} />
                <span className="phone-get-name">{wallet.name}</span>
                <a
                  className="button phone-get-link"
                  href={storeLink(wallet, device)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t({ message: `Get ${name}`, comment: 'Link to the store page of the named wallet app' })}
                >
                  <Trans comment="Short button label, in capitals: get the wallet app from its store">GET</Trans>
                </a>
              </li>
            )
          })}
      </ul>
      <p className="phone-sheet-hint">
        <strong>
          <Trans>Not what you’re looking for?</Trans>
        </strong>
        <br />
        <Trans>Select a wallet on the main screen to get started with a different wallet provider.</Trans>
      </p>
    </div>
  )
}

/**
 * Where to get the chosen wallet, for a holder whose phone does not have it: a custom scheme (iOS) opens nothing
 * when the app is missing, and a universal link shows the maker's page, which the holder may have left.
 */
export function GetChosen({ wallet, device }: { wallet: PhoneWalletApp; device: PhonePlatform }) {
  const href = storeLink(wallet, device)
  const { hostname } = new URL(href)
  const name = wallet.name
  const getIt = hostname.endsWith('apple.com') ? (
    <Trans comment="Link to the wallet app (named) in Apple's App Store">Get {name} from the App Store</Trans>
  ) : hostname === 'play.google.com' ? (
    <Trans comment="Link to the wallet app (named) in Google Play">Get {name} from Google Play</Trans>
  ) : (
    <Trans comment="Link to the website of the wallet app's maker">Get {name} from its website</Trans>
  )
  return (
    <p className="phone-sheet-hint">
      <Trans>Don’t have {name}?</Trans>{' '}
      <a href={href} target="_blank" rel="noopener noreferrer">
        {getIt}
      </a>
    </p>
  )
}
