import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { WagmiContext } from 'wagmi'
import { AppConfigContext } from '../config/AppConfigContext'
import type { AppConfig } from '../config/env'
import { WalletKitBoundary } from './WalletKit'
import type { WagmiConfig } from './wagmi'

/**
 * The app's contexts, around clients started before the first render (see `startPortal` in main.tsx). wagmi's is its
 * bare context, not its provider: the provider, as it renders, either reconnects every wallet or drops the
 * connections, and the portal's own reconnect (only the wallets that can have been connected) starts before.
 */
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
  return (
    <AppConfigContext.Provider value={config}>
      <WagmiContext.Provider value={wagmiConfig}>
        <QueryClientProvider client={queryClient}>
          <WalletKitBoundary>{children}</WalletKitBoundary>
        </QueryClientProvider>
      </WagmiContext.Provider>
    </AppConfigContext.Provider>
  )
}
