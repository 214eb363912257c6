import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useLayoutEffect, useState } from 'react'
import { WagmiProvider } from 'wagmi'
import { AppConfigContext } from '../config/AppConfigContext'
import type { AppConfig } from '../config/env'
import { useAppQueryClient } from '../lib/queryClient'
import { watchConnectionEnd } from './connectionEnd'
import { reconnectWallet } from './reconnect'
import { WalletKitBoundary } from './WalletKit'
import { createWagmiConfig } from './wagmi'

export function AppProviders({ config, children }: { config: AppConfig; children: ReactNode }) {
  const [wagmiConfig] = useState(() => createWagmiConfig(config))
  // The stored figures are in the cache before the first render; only successful contract reads are kept.
  const queryClient = useAppQueryClient(config)
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
