import '@rainbow-me/rainbowkit/styles.css'
import {
  ConnectButton,
  lightTheme,
  RainbowKitProvider,
  useAddRecentTransaction,
  useConnectModal,
} from '@rainbow-me/rainbowkit'
import { useEffect } from 'react'
import { createPortal } from 'react-dom'
import { useAccount, useAccountEffect } from 'wagmi'
import { useLocale } from '../i18n/i18n'
import { localeInfo } from '../i18n/locales'
import { platform } from '../lib/device'
import { rememberConnectedWallet } from './connectedWallet'
import { forgetDeepLinkChoice } from './deepLinkChoice'
import { WalletConnectLink } from './WalletConnectLink'
import { APP_NAME } from './wagmi'
import { registerWalletKit, useButtonSlots } from './walletKitState'

/**
 * RainbowKit's provider, modals and buttons: loaded only when a holder connects or is already connected, so a first
 * visit does not download them. Mounted beside the page; the ConnectButtons are portalled into the page's slots. On
 * a desktop its connect modal also offers the WalletConnect link itself, for a wallet that takes a pasted link.
 */
export function WalletKitLayer() {
  const slots = useButtonSlots()
  // RainbowKit's modal speaks the page's language, so that it and the portal's own sheets agree.
  const locale = localeInfo(useLocale()).rainbowKit
  return (
    <RainbowKitProvider
      locale={locale}
      appInfo={{ appName: APP_NAME, ...(platform() === 'desktop' ? { disclaimer: WalletConnectLink } : {}) }}
      showRecentTransactions
      theme={lightTheme({ accentColor: '#0f766e', borderRadius: 'medium' })}
    >
      <Bridge />
      <ConnectedWallet />
      {slots.map((slot) => createPortal(<ConnectButton />, slot.element, `wallet-button-${slot.id}`))}
    </RainbowKitProvider>
  )
}

/** Hands RainbowKit's imperative actions to the rest of the app, which must not import RainbowKit itself. */
function Bridge() {
  const { openConnectModal } = useConnectModal()
  const addRecentTransaction = useAddRecentTransaction()
  useEffect(() => {
    registerWalletKit({ openConnectModal, addRecentTransaction })
  }, [openConnectModal, addRecentTransaction])
  return null
}

/**
 * Each wallet that connects goes to the phone sheet's recent wallets, by the name it gives itself; once it
 * disconnects (the holder, the wallet, or an expired session), WalletConnect's SDK no longer opens its app.
 */
function ConnectedWallet() {
  const { connector, status } = useAccount()
  useAccountEffect({ onDisconnect: forgetDeepLinkChoice })
  useEffect(() => {
    if (status === 'connected' && connector) void rememberConnectedWallet(connector)
  }, [connector, status])
  return null
}
