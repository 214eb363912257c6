import { QueryClient } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react'
import { WagmiProvider } from 'wagmi'
import { AppConfigContext } from '../config/AppConfigContext'
import type { AppConfig } from '../config/env'
import { createQueryPersistOptions } from '../lib/queryPersistence'
import { refetchReadsCaughtOffline } from '../lib/queryReconnect'
import { reconnectWallet } from './reconnect'
import { WalletKitBoundary } from './WalletKit'
import { createWagmiConfig } from './wagmi'

const DAY_MS = 24 * 60 * 60 * 1000

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: DAY_MS, networkMode: 'offlineFirst', retry: false, refetchOnWindowFocus: false },
    },
  })
}

export function AppProviders({ config, children }: { config: AppConfig; children: ReactNode }) {
  const [wagmiConfig] = useState(() => createWagmiConfig(config))
  const [queryClient] = useState(createQueryClient)
  // Only successful contract reads are kept across visits.
  const [persistOptions] = useState(() => createQueryPersistOptions(config))
  // Before the first paint, and only for wallets that can have been connected (see reconnectWallet).
  useLayoutEffect(() => reconnectWallet(wagmiConfig), [wagmiConfig])
  useEffect(() => refetchReadsCaughtOffline(queryClient), [queryClient])
  return (
    <AppConfigContext.Provider value={config}>
      <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
        <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
          <WalletKitBoundary>{children}</WalletKitBoundary>
        </PersistQueryClientProvider>
      </WagmiProvider>
    </AppConfigContext.Provider>
  )
}
