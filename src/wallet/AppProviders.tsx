import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { QueryClient } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { type ReactNode, useState } from 'react'
import { deserialize, serialize, WagmiProvider } from 'wagmi'
import { AppConfigContext } from '../config/AppConfigContext'
import type { AppConfig } from '../config/env'
import { WalletKitBoundary } from './WalletKit'
import { createWagmiConfig } from './wagmi'

const DAY_MS = 24 * 60 * 60 * 1000
export const QUERY_CACHE_KEY = 'nai.queryCache'

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: DAY_MS, networkMode: 'offlineFirst', retry: false, refetchOnWindowFocus: false },
    },
  })
}

/** Only successful contract reads are worth keeping across visits. */
function isPersistedRead(query: { queryKey: readonly unknown[]; state: { status: string } }) {
  return query.state.status === 'success' && query.queryKey[0] === 'readContracts'
}

export function AppProviders({ config, children }: { config: AppConfig; children: ReactNode }) {
  const [wagmiConfig] = useState(() => createWagmiConfig(config))
  const [queryClient] = useState(createQueryClient)
  const [persistOptions] = useState(() => ({
    persister: createSyncStoragePersister({
      storage: window.localStorage,
      key: QUERY_CACHE_KEY,
      serialize,
      deserialize,
    }),
    maxAge: DAY_MS,
    buster: [__APP_VERSION__, config.chainId, config.vestingAddress, config.legacyAddress].join(':').toLowerCase(),
    dehydrateOptions: { shouldDehydrateQuery: isPersistedRead },
  }))
  return (
    <AppConfigContext.Provider value={config}>
      <WagmiProvider config={wagmiConfig}>
        <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
          <WalletKitBoundary>{children}</WalletKitBoundary>
        </PersistQueryClientProvider>
      </WagmiProvider>
    </AppConfigContext.Provider>
  )
}
