import './lib/storageGuard'
import './styles.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { ConfigErrorPage } from './config/ConfigErrorPage'
import { parseConfig } from './config/env'
import { preloadPositionPanels, VestingCard } from './features/vesting/components/VestingCard'
import { Layout } from './layout/Layout'
import { PwaControls } from './pwa/PwaControls'
import { glanceHolder } from './pwa/shell/glance'
import { ShellTakenOver, takeOverShell } from './pwa/takeOver'
import { AppProviders } from './wallet/AppProviders'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element.')

const parsed = parseConfig(import.meta.env)

/** Whether the page knows whose position it is about to show: a watched link, the last wallet, a saved address. */
function knowsHolder(): boolean {
  try {
    return glanceHolder(window.location.search, window.localStorage) !== undefined
  } catch {
    return false
  }
}
if (parsed.ok && knowsHolder()) preloadPositionPanels()
const app = createRoot(root)
const tookOver = takeOverShell(root)
// As a transition, the first render yields to the browser every few milliseconds instead of blocking the main
// thread in one long task while a phone is still busy with the page's start-up.
startTransition(() =>
  app.render(
    <StrictMode>
      {parsed.ok ? (
        <AppProviders config={parsed.config}>
          <Layout>
            <VestingCard />
          </Layout>
        </AppProviders>
      ) : (
        <ConfigErrorPage errors={parsed.errors} />
      )}
      <PwaControls />
      <ShellTakenOver done={tookOver} />
    </StrictMode>,
  ),
)
