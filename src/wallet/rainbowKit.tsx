import '@rainbow-me/rainbowkit/styles.css'
import {
  ConnectButton,
  lightTheme,
  RainbowKitProvider,
  useAccountModal,
  useAddRecentTransaction,
  useConnectModal,
} from '@rainbow-me/rainbowkit'
import { useEffect } from 'react'
import { createPortal } from 'react-dom'
import { useLocale } from '../i18n/i18n'
import { localeInfo } from '../i18n/locales'
import { platform } from '../lib/device'
import { useIsPhone } from '../lib/useMediaQuery'
import { WalletConnectLink } from './WalletConnectLink'
import { APP_NAME } from './wagmi'
import { registerWalletKit, useButtonSlots } from './walletKitState'

/**
 * RainbowKit's provider, modals and buttons: loaded only when needed (see `WalletKitBoundary`), so a first visit does
 * not download them. Mounted beside the page; the ConnectButtons are portalled into the page's slots. On
 * a desktop its connect modal also offers the WalletConnect link itself, for a wallet that takes a pasted link.
 */
export function WalletKitLayer() {
  const slots = useButtonSlots()
  // RainbowKit's modal speaks the page's language, so that it and the portal's own sheets agree.
  const locale = localeInfo(useLocale()).rainbowKit
  // RainbowKit learns the screen's width half a second after it mounts and renders its modal wide until then: on a
  // phone a tap in that time can land on a layout being replaced and close the modal without connecting. Told at once.
  const modalSize = useIsPhone() ? 'compact' : 'wide'
  return (
    <RainbowKitProvider
      locale={locale}
      modalSize={modalSize}
      appInfo={{ appName: APP_NAME, ...(platform() === 'desktop' ? { disclaimer: WalletConnectLink } : {}) }}
      showRecentTransactions
      theme={lightTheme({ accentColor: '#0f766e', borderRadius: 'medium' })}
    >
      <Bridge />
      {slots.map((slot) => createPortal(<ConnectButton />, slot.element, `wallet-button-${slot.id}`))}
    </RainbowKitProvider>
  )
}

/** Hands RainbowKit's imperative actions to the rest of the app, which must not import RainbowKit itself. */
function Bridge() {
  const { openConnectModal } = useConnectModal()
  const { openAccountModal } = useAccountModal()
  const addRecentTransaction = useAddRecentTransaction()
  useEffect(() => {
    registerWalletKit({ openConnectModal, openAccountModal, addRecentTransaction })
  }, [openConnectModal, openAccountModal, addRecentTransaction])
  return null
}
