import { isIos, isStandalone } from '../lib/device'
import { createStore, useStore } from '../lib/store'
import { takeEarlyInstallPrompt } from './earlyInstallPrompt'

/** Chromium's install prompt event (not in the DOM typings). */
type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export type InstallOffer =
  /** The browser can install the app: show an "Install app" action. */
  | { kind: 'prompt'; install: () => Promise<void> }
  /** iOS Safari installs through its Share menu only: show how. */
  | { kind: 'ios-hint' }
  /** Installed already, or this browser cannot install it: show nothing. */
  | { kind: 'none' }

const NONE: InstallOffer = { kind: 'none' }
const IOS_HINT: InstallOffer = { kind: 'ios-hint' }

let deferredPrompt: BeforeInstallPromptEvent | null = null
let installed = false
const offer = createStore<InstallOffer>(NONE)

function isIosSafari(): boolean {
  const ua = navigator.userAgent
  return isIos() && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(ua)
}

function install(): Promise<void> {
  const event = deferredPrompt
  if (!event) return Promise.resolve()
  // A prompt can be shown once; the browser fires a new event if the holder may be asked again.
  deferredPrompt = null
  update()
  return event.prompt().catch(() => undefined)
}

function update() {
  const next: InstallOffer =
    installed || isStandalone() ? NONE : deferredPrompt ? { kind: 'prompt', install } : isIosSafari() ? IOS_HINT : NONE
  if (next.kind !== offer.get().kind) offer.set(next)
}

function onBeforeInstallPrompt(event: Event) {
  // Keep the browser's own mini-infobar away; the page offers installing in its own words.
  event.preventDefault()
  deferredPrompt = event as BeforeInstallPromptEvent
  update()
}

function onInstalled() {
  installed = true
  deferredPrompt = null
  update()
}

/**
 * Listens from the moment the module loads, before the first render: Chromium fires `beforeinstallprompt` once, as
 * soon as the page is installable, and a listener attached later (after a slow first render) would miss it. An offer
 * made before the app loaded was kept by the shell.
 */
function listen() {
  deferredPrompt = (takeEarlyInstallPrompt() as BeforeInstallPromptEvent | undefined) ?? null
  window.addEventListener('beforeinstallprompt', onBeforeInstallPrompt)
  window.addEventListener('appinstalled', onInstalled)
  window.matchMedia('(display-mode: standalone)').addEventListener('change', update)
  update()
}

if (typeof window !== 'undefined') listen()

/** What this browser offers for installing the portal. */
export function useInstallOffer(): InstallOffer {
  return useStore(offer)
}
