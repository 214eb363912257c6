import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useLayoutEffect } from 'react'
import { WagmiProvider } from 'wagmi'
import { AppConfigContext } from '../config/AppConfigContext'
import type { AppConfig } from '../config/env'
import { watchConnectionEnd } from './connectionEnd'
import { reconnectWallet } from './reconnect'
import { WalletKitBoundary } from './WalletKit'
import type { WagmiConfig } from './wagmi'

/** The app's contexts, around clients started before the first render (see `startClients` in main.tsx). */
export function AppProviders({
  config,
  wagmiConfig,
  queryClient,
  children,
}: {
  config: AppConfig
  wagmiConfig: WagmiConfig
  queryClient: QueryClient
  children: ReactNode
}) {
  // Followed from before reconnecting, so that a session gone while the page was closed is told too.
  useLayoutEffect(() => watchConnectionEnd(wagmiConfig), [wagmiConfig])
  // Before the first paint, and only for wallets that can have been connected (see reconnectWallet).
  useLayoutEffect(() => reconnectWallet(wagmiConfig), [wagmiConfig])
  return (
    <AppConfigContext.Provider value={config}>
      <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
        <QueryClientProvider client={queryClient}>
          <WalletKitBoundary>{children}</WalletKitBoundary>
        </QueryClientProvider>
      </WagmiProvider>
    </AppConfigContext.Provider>
  )
}
