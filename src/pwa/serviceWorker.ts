import { Workbox } from 'workbox-window'
import { cacheCatalog } from '../i18n/i18n'
import { createStore, useStore } from '../lib/store'

/** How often an open page looks for a new version, besides when it comes back to the foreground or online. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

let workbox: Workbox | undefined
const updateWaiting = createStore(false)

/**
 * Registers the service worker of a production build (once). A new version installs in the background and then
 * waits: it takes over only when the holder chooses to reload ({@link applyUpdate}).
 */
export function registerServiceWorker() {
  // `navigator.serviceWorker` can be missing even where the property exists (private windows, some in-app browsers).
  if (workbox || !import.meta.env.PROD || !navigator.serviceWorker) return
  const wb = new Workbox('/sw.js', { scope: '/' })
  workbox = wb
  wb.addEventListener('waiting', () => updateWaiting.set(true))
  // A first visit's catalog came before the worker: asked again through it, so that offline opens speak the language.
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate) cacheCatalog()
  })
  // The app works without a worker: a refused or stubbed registration (one that resolves to nothing) only means no
  // offline copy and no update banner, never an error on the page.
  wb.register().catch(() => undefined)
  const checkForUpdate = () => void wb.update().catch(() => undefined)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate()
  })
  window.addEventListener('online', checkForUpdate)
  setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS)
}

/**
 * Switches to the new version: the waiting one takes control, then the page reloads into it. When none waits any more,
 * the new version has already taken control (another tab of the portal reloaded into it): the page reloads.
 */
export async function applyUpdate() {
  if (!workbox || !updateWaiting.get()) return
  await takeOver(navigator.serviceWorker, () => window.location.reload())
}

/** How long Reload waits for the new version to take control before it reloads anyway. */
export const TAKE_OVER_WAIT_MS = 5_000

/**
 * Asks the waiting worker to take control and calls `reload` once: on the page's change of controller, on the new
 * worker's activation, or after {@link TAKE_OVER_WAIT_MS}, whichever comes first. A Reload that waits for one signal
 * alone leaves the holder looking at a button that does nothing when that signal never reaches the page.
 */
export async function takeOver(
  container: ServiceWorkerContainer,
  reload: () => void,
  waitMs = TAKE_OVER_WAIT_MS,
): Promise<void> {
  const registration = await container.getRegistration().catch(() => undefined)
  const waiting = registration?.waiting
  if (!waiting) {
    reload()
    return
  }
  let done = false
  const once = () => {
    if (done) return
    done = true
    reload()
  }
  container.addEventListener('controllerchange', once)
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'activated') once()
  })
  setTimeout(once, waitMs)
  // The worker's own message: it calls skipWaiting() (workbox-build's generated worker listens for it).
  waiting.postMessage({ type: 'SKIP_WAITING' })
}

/** Whether a new version has been installed and waits for a reload. */
export function useUpdateWaiting(): boolean {
  return useStore(updateWaiting)
}
