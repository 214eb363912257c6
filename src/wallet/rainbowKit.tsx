import '@rainbow-me/rainbowkit/styles.css'
import {
  ConnectButton,
  lightTheme,
  RainbowKitProvider,
  useAddRecentTransaction,
  useConnectModal,
} from '@rainbow-me/rainbowkit'
import { type ReactNode, useEffect } from 'react'
import { registerWalletKit } from './WalletKit'
import { APP_NAME } from './wagmi'

/**
 * RainbowKit's provider, modals and button: loaded only when a holder connects or is already connected, so a
 * first visit does not download them.
 */
export function WalletKitProvider({ children }: { children: ReactNode }) {
  return (
    <RainbowKitProvider
      appInfo={{ appName: APP_NAME }}
      showRecentTransactions
      theme={lightTheme({ accentColor: '#0f766e', borderRadius: 'medium' })}
    >
      <Bridge />
      {children}
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

export { ConnectButton }
