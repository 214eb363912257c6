/** Where to get a wallet app: "Get a Wallet", and the store link for a chosen app the phone lacks. */
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
  const device = platform()
  const recent = useStore(recentWallets)
  return (
    <div className="phone-sheet-body">
      <ul className="phone-get-wallets">
        {recentFirst(PHONE_WALLET_APPS, recent)
          .slice(0, WALLETS_TO_GET)
          .map((wallet) => (
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

/**
 * Where to get the chosen wallet, for a holder whose phone does not have it: a custom scheme (iOS) opens nothing
 * when the app is missing, and a universal link shows the maker's page, which the holder may have left.
 */
export function GetChosen({ wallet, device }: { wallet: PhoneWalletApp; device: PhonePlatform }) {
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
