import { formatCountdown, formatDateTime } from '../../domain/format'
import { claimWindowNote } from '../../domain/note'
import { deviceLocale } from '../../i18n/locales'
import { keepEarlyInstallPrompt } from '../earlyInstallPrompt'
import { glanceCountdown, glanceHolder, readGlance } from './glance'

/**
 * Runs from index.html before the page's first paint, on the prerendered shell, until the app replaces it:
 * - writes the claim window's note in the viewer's time zone, worded for the phase by the device clock;
 * - shows a returning holder's position and its countdown, ticking, from the figures the app stored on the device,
 *   or else leaves the first visit's prompt to connect;
 * - starts the app (the entry chunk its tag names): at once for a page that knows its holder, else after the page has
 *   been painted; the catalog of the page's language starts loading at once, so that the app never waits for it;
 * - keeps the browser's offer to install the app, if it comes before the app listens.
 */

const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000))

function writeNote(element: HTMLElement, claimEnd: bigint): void {
  const note = claimWindowNote({ claimEnd }, nowSeconds())
  const time = document.createElement('time')
  time.dateTime = new Date(Number(note.date) * 1000).toISOString()
  time.textContent = formatDateTime(note.date)
  element.replaceChildren(note.lead, time, note.tail)
}

/**
 * Adds the app's entry chunk to the page: after the next frame on a first visit, so that the first paint shares the
 * network and the main thread with none of it; at once for a page that knows its holder, who waits for their figures
 * rather than for the first paint, and for a page opened in the background, which paints nothing until shown.
 */
function startApp(entry: string, atOnce: boolean): void {
  const start = () => {
    const script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = entry
    document.body.append(script)
  }
  if (atOnce || document.visibilityState === 'hidden') start()
  else window.requestAnimationFrame(() => window.setTimeout(start, 0))
}

/** The device's storage, when the page may use it. */
function deviceStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** Shows `holder`'s stored position, if the device has one. */
function showGlance(card: HTMLElement, buster: string, vesting: string, holder: string, storage: Storage): void {
  // The app shows whose position it is about to read, not the prompt to connect.
  card.querySelector('[data-first-visit]')?.remove()
  const glance = readGlance({ storage, holder, buster, vesting, now: Date.now() })
  if (!glance) return
  const line = document.createElement('p')
  line.className = 'glance'
  const amount = document.createElement('strong')
  amount.textContent = glance.amount
  line.append('Your position: ', amount)
  card.append(line)
  const countdown = glanceCountdown(glance.schedule, nowSeconds())
  if (!countdown) return
  const left = document.createElement('span')
  left.className = 'countdown'
  line.append(` · ${countdown.label} `, left)
  const tick = () => {
    left.textContent = formatCountdown(countdown.to - nowSeconds())
  }
  tick()
  // The app's first render replaces the shell; the countdown stops with it.
  const timer = window.setInterval(() => (line.isConnected ? tick() : window.clearInterval(timer)), 1_000)
}

/** Starts loading the catalog of the language the page opens in, from the build's map of catalogs by locale. */
function preloadCatalog(catalogs: string | undefined, storage: Storage | undefined): void {
  const locale = deviceLocale(storage)
  const href = (JSON.parse(catalogs ?? '{}') as Record<string, string>)[locale]
  if (!href) return
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.href = href
  document.head.append(link)
}

keepEarlyInstallPrompt()
const entry = document.currentScript?.dataset.entry
try {
  preloadCatalog(document.currentScript?.dataset.catalogs, deviceStorage())
} catch {
  // The app loads its catalog itself.
}
let started = false
const start = (atOnce: boolean) => {
  if (entry && !started) startApp(entry, atOnce)
  started = true
}
try {
  const storage = deviceStorage()
  const holder = storage && glanceHolder(window.location.search, storage)
  // A page that knows whose position it will show starts the app before anything else: that holder waits for the
  // figures, not for the first paint.
  if (holder) start(true)
  const card = document.querySelector<HTMLElement>('section[data-cache-buster]')
  const note = card?.querySelector<HTMLElement>('[data-claim-end]')
  const claimEnd = note?.dataset.claimEnd
  if (note && claimEnd && /^\d+$/.test(claimEnd)) writeNote(note, BigInt(claimEnd))
  const { cacheBuster, vesting } = card?.dataset ?? {}
  if (card && cacheBuster && vesting && holder && storage) showGlance(card, cacheBuster, vesting, holder, storage)
} finally {
  // Whatever happened above, the app starts.
  start(false)
}
