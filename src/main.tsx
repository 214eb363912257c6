import './lib/storageGuard'
import './styles.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { type Address, getAddress } from 'viem'
import { ConfigErrorPage } from './config/ConfigErrorPage'
import { type AppConfig, parseConfig } from './config/env'
import { preloadPositionPanels, VestingCard } from './features/vesting/components/VestingCard'
import { prefetchHoldings } from './features/vesting/reads'
import { Layout } from './layout/Layout'
import { startQueryClient } from './lib/queryClient'
import { PwaControls } from './pwa/PwaControls'
import { glanceHolder } from './pwa/shell/glance'
import { ShellTakenOver, takeOverShell } from './pwa/takeOver'
import { AppProviders } from './wallet/AppProviders'
import { createWagmiConfig } from './wallet/wagmi'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element.')

const parsed = parseConfig(import.meta.env)

/** Whose position the page is about to show, when it knows: a watched link, the last wallet, a saved address. */
function knownHolder(): Address | undefined {
  try {
    const holder = glanceHolder(window.location.search, window.localStorage)
    return holder === undefined ? undefined : getAddress(holder)
  } catch {
    return undefined
  }
}

/**
 * The clients the app runs on, started before its first render. For a page that knows whose position it will show,
 * the holder's read is sent and the position's panels start loading now: both travel while the app renders.
 */
function startClients(config: AppConfig) {
  const wagmiConfig = createWagmiConfig(config)
  const queryClient = startQueryClient(config)
  const holder = knownHolder()
  if (holder) {
    prefetchHoldings(queryClient, wagmiConfig, config, holder)
    preloadPositionPanels()
  }
  return { wagmiConfig, queryClient }
}

// Started here, before the first render.
const page = parsed.ok ? (
  <AppProviders config={parsed.config} {...startClients(parsed.config)}>
    <Layout>
      <VestingCard />
    </Layout>
  </AppProviders>
) : (
  <ConfigErrorPage errors={parsed.errors} />
)
const app = createRoot(root)
const tookOver = takeOverShell(root)
// As a transition, the first render yields to the browser every few milliseconds instead of blocking the main
// thread in one long task while a phone is still busy with the page's start-up.
startTransition(() =>
  app.render(
    <StrictMode>
      {page}
      <PwaControls />
      <ShellTakenOver done={tookOver} />
    </StrictMode>,
  ),
)
