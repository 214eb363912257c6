import './lib/storageGuard'
import './pwa/preloadKnownHolder'
import './styles.css'
import { I18nProvider } from '@lingui/react'
import { type ReactNode, StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { type Address, getAddress } from 'viem'
import { ConfigErrorPage } from './config/ConfigErrorPage'
import { type AppConfig, parseConfig } from './config/env'
import { preloadPositionPanels } from './features/vesting/components/panelsPart'
import { VestingCard } from './features/vesting/components/VestingCard'
import { prefetchHoldings } from './features/vesting/reads'
import { activateLocale, i18n, initialLocale } from './i18n/i18n'
import { Layout } from './layout/Layout'
import { startQueryClient } from './lib/queryClient'
import { PwaControls } from './pwa/PwaControls'
import { glanceHolder } from './pwa/shell/glance'
import { ShellTakenOver, takeOverShell } from './pwa/takeOver'
import { AppProviders } from './wallet/AppProviders'
import { watchConnectionEnd } from './wallet/connectionEnd'
import { forgetStoredConnections, reconnectWallet } from './wallet/reconnect'
import { createWagmiConfig, type WagmiConfig } from './wallet/wagmi'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element.')

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
 * The longest the app's first render waits for a holder's first figures, when the device has none to show meanwhile.
 * A render started before they arrive is done twice: figures that change under a render in progress make React
 * render again, in one blocking piece. Past this wait the app renders its loading state, then the figures.
 */
const FIRST_FIGURES_WAIT_MS = 500

/**
 * The portal on the clients it runs on, started before its first render. For a page that knows whose position it will
 * show, the holder's read is sent now, unless the page's shell script sent it already (its panels started loading as
 * the entry began to run): it travels while the app's code loads. `firstFigures` is that read and those panels, when
 * the first render waits for them.
 */
function startPortal(config: AppConfig): { page: ReactNode; firstFigures?: Promise<void>; wallet: WagmiConfig } {
  const wagmiConfig = createWagmiConfig(config)
  const queryClient = startQueryClient(config)
  const holder = knownHolder()
  let firstFigures: Promise<void> | undefined
  if (holder) {
    const read = prefetchHoldings(queryClient, wagmiConfig, config, holder)
    // The panels that show the figures, started as the entry began to run: the page's shell script may have sent the
    // read long before, and figures that arrive first would render into "Loading..." while the panels load.
    firstFigures = read && Promise.all([read, preloadPositionPanels()]).then(() => undefined)
  }
  const page = (
    <AppProviders config={config} wagmiConfig={wagmiConfig} queryClient={queryClient}>
      <Layout>
        <VestingCard />
      </Layout>
    </AppProviders>
  )
  return { page, firstFigures, wallet: wagmiConfig }
}

/**
 * The wallet's part of the start, a task after its config was created, when wagmi has read back what the device
 * stored of the last visit (through promises only, settled before the next task). That visit's connections are
 * dropped before anything follows them; then the connection's end is followed and the wallet reconnects. All before
 * the first render: a returning holder's wallet shows as reconnecting from it, and a page with nothing to reconnect
 * renders as settled, instead of rendering the card again, in one blocking piece, when the reconnect ends.
 */
function startWallet(wagmiConfig: WagmiConfig): void {
  forgetStoredConnections(wagmiConfig)
  // Followed from before reconnecting, so that a session gone while the page was closed is told too.
  watchConnectionEnd(wagmiConfig)
  reconnectWallet(wagmiConfig)
}

/**
 * Resolves in a task of its own: the main thread goes back to the browser in between, to paint or answer a tap. A
 * scheduler task (or a message), not a timer: a page opened in a background tab has its timers slowed to one a second.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(undefined)
  })
}

/**
 * Starts the portal in steps, each a task of its own after the one that ran the app's code: the configuration, the
 * clients and the first read, the wallet and the root. On a slow phone each is tens of milliseconds; in one task with
 * the code's own start, they held the page a third of a second after it was first painted.
 */
async function start(root: HTMLElement, language: Promise<void>): Promise<void> {
  await nextTask()
  const parsed = parseConfig(import.meta.env)
  await nextTask()
  const { page, firstFigures, wallet } = parsed.ok
    ? startPortal(parsed.config)
    : { page: <ConfigErrorPage errors={parsed.errors} />, firstFigures: undefined, wallet: undefined }
  await nextTask()
  if (wallet) startWallet(wallet)
  const app = createRoot(root)
  const tookOver = takeOverShell(root)
  // As a transition, the first render yields to the browser every few milliseconds instead of blocking the main
  // thread in one long task while a phone is still busy with the page's start-up.
  const render = () =>
    startTransition(() =>
      app.render(
        <StrictMode>
          <I18nProvider i18n={i18n}>
            {page}
            <PwaControls />
            <ShellTakenOver done={tookOver} />
          </I18nProvider>
        </StrictMode>,
      ),
    )
  if (firstFigures) {
    const waited = new Promise<void>((resolve) => setTimeout(resolve, FIRST_FIGURES_WAIT_MS))
    await Promise.all([language, Promise.race([firstFigures, waited])])
  } else await language
  render()
}

// The holder's language loads while the app starts and the first figures travel (the shell script started fetching
// its catalog).
void start(root, activateLocale(initialLocale()))
