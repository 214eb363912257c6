import { formatDateTime, setDisplayLocale } from '../../domain/format'
import { type AppLocale, deviceLocale, directionOf } from '../../i18n/locales'
import { keepEarlyInstallPrompt } from '../earlyInstallPrompt'
import { glanceOfAnswer, readFirstReadSpec, sendFirstRead } from './firstRead'
import { type Glance, glanceCountdown, glanceHolder, readGlance } from './glance'
import { SHELL_WORDS_ID, type ShellTexts } from './messages'
import { countdownText, shellWords, splitTag } from './texts'

/** Every locale's words for the prerendered page, compiled from the catalogs by the build into the document. */
function readShellTexts(): Record<string, Partial<ShellTexts>> {
  try {
    return JSON.parse(document.getElementById(SHELL_WORDS_ID)?.textContent ?? '{}') as Record<
      string,
      Partial<ShellTexts>
    >
  } catch {
    return {}
  }
}

const SHELL_TEXTS = readShellTexts()

/**
 * Runs from index.html on the prerendered shell, which stays unseen until this script has run (styles.css), until the
 * app replaces it:
 * - words the page in the holder's language (their choice on this device, else the browser's), with its direction;
 * - writes the claim window's note in the viewer's time zone, worded for the phase by the device clock;
 * - shows a returning holder's position and its countdown, ticking, from the figures the app stored on the device,
 *   or else leaves the first visit's prompt to connect;
 * - sends the app's first read of that holder (the build wrote it into the card), whose answer the app takes when
 *   it starts, and shows the position from it when the device stored none;
 * - starts the app (the entry chunk its tag names): at once for a page that knows its holder and has their figures
 *   stored, after the frame that shows the first read's answer (400 ms at most) when it has none, else after the
 *   page has been painted; the catalog of the page's language starts loading at once, so that the app never waits;
 * - keeps the browser's offer to install the app, if it comes before the app listens.
 */

const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000))

let words = shellWords(SHELL_TEXTS, 'en')

/**
 * Words the page in `locale`, as the app will once its catalog is loaded, and lays it out in that language's
 * direction. The prerendered page is English: a locale the build has no words for keeps it.
 */
function wordPage(locale: AppLocale): void {
  if (locale === 'en' || !(locale in SHELL_TEXTS)) return
  words = shellWords(SHELL_TEXTS, locale)
  const direction = directionOf(locale)
  setDisplayLocale(locale, direction)
  const root = document.documentElement
  root.lang = locale
  root.dir = direction
  const set = (selector: string, text: string, attribute?: string) => {
    const element = document.querySelector(selector)
    if (!element) return
    if (attribute) element.setAttribute(attribute, text)
    else element.textContent = text
  }
  set('header .logo', words('home'), 'aria-label')
  set('header .logo span', words('product'))
  set('nav.blog', words('news'), 'aria-label')
  set('#vesting-title', words('title'))
  set('[data-first-visit] p', words('connect'))
}

function writeNote(element: HTMLElement, claimEnd: bigint): void {
  const closed = nowSeconds() >= claimEnd
  const [lead, date, tail] = splitTag(words(closed ? 'noteClosed' : 'noteOpen', { date: formatDateTime(claimEnd) }))
  const time = document.createElement('time')
  time.dateTime = new Date(Number(claimEnd) * 1000).toISOString()
  time.textContent = date
  element.replaceChildren(lead, time, tail)
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

/** Shows a holder's position and its countdown in the card, until the app replaces it. */
function showGlance(card: HTMLElement, glance: Glance): void {
  const line = document.createElement('p')
  line.className = 'glance'
  const [lead, figure, tail] = splitTag(words('position', { amount: glance.amount }))
  const amount = document.createElement('strong')
  amount.textContent = figure
  line.append(lead, amount, tail)
  card.append(line)
  const countdown = glanceCountdown(glance.schedule, nowSeconds())
  if (!countdown) return
  const left = document.createElement('span')
  left.className = 'countdown'
  line.append(` · ${words(countdown.phase)} `, left)
  const tick = () => {
    left.textContent = countdownText(words, countdown.to - nowSeconds())
  }
  tick()
  // The app's first render replaces the shell; the countdown stops with it.
  const timer = window.setInterval(() => (line.isConnected ? tick() : window.clearInterval(timer)), 1_000)
}

/** Starts loading a module of the app's without running it. */
function preloadModule(href: string): void {
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.href = href
  document.head.append(link)
}

/** Starts loading the catalog of the language the page opens in, from the build's map of catalogs by locale. */
function preloadCatalog(catalogs: string | undefined, locale: AppLocale): void {
  const href = (JSON.parse(catalogs ?? '{}') as Record<string, string>)[locale]
  if (href) preloadModule(href)
}

/**
 * The longest the app's start waits for the holder's first read to be shown, when the device stored no figures: about
 * what its code takes to arrive, so that a slow answer delays it little.
 */
const FIRST_READ_LEAD_MS = 400

keepEarlyInstallPrompt()
const entry = document.currentScript?.dataset.entry
try {
  const locale = deviceLocale(deviceStorage())
  preloadCatalog(document.currentScript?.dataset.catalogs, locale)
  wordPage(locale)
} catch {
  // The app loads its catalog and words the page itself.
}
let started = false
/** Whether the app waits for the holder's first read to be shown (see below). */
let deferred = false
const start = (atOnce: boolean) => {
  if (entry && !started) startApp(entry, atOnce)
  started = true
}
try {
  const storage = deviceStorage()
  const holder = storage && glanceHolder(window.location.search, storage)
  const card = document.querySelector<HTMLElement>('section[data-cache-buster]')
  const note = card?.querySelector<HTMLElement>('[data-claim-end]')
  const claimEnd = note?.dataset.claimEnd
  // Without the build's words (never in a build) the prerendered English stays.
  const worded = 'en' in SHELL_TEXTS
  if (worded && note && claimEnd && /^\d+$/.test(claimEnd)) writeNote(note, BigInt(claimEnd))
  const { cacheBuster, vesting, firstRead } = card?.dataset ?? {}
  if (worded && card && cacheBuster && vesting && holder && storage) {
    // The app shows whose position it is about to read, not the prompt to connect.
    card.querySelector('[data-first-visit]')?.remove()
    const stored = readGlance({ storage, holder, buster: cacheBuster, vesting, now: Date.now() })
    if (stored) showGlance(card, stored)
    const spec = readFirstReadSpec(firstRead)
    if (spec && navigator.onLine) {
      const answered = sendFirstRead(spec, holder, storage)
      if (!stored && entry) {
        // With nothing stored to show, the position is shown from the answer first: the app's code, once it runs,
        // holds the main thread long enough (most of a second on a slow phone) that no frame would show it sooner.
        // Its code loads meanwhile; it runs after the frame that shows the figures, or after a short wait.
        deferred = true
        preloadModule(entry)
        window.setTimeout(() => start(true), FIRST_READ_LEAD_MS)
      }
      void answered
        .then((answer) => {
          // Figures from the device come first; the app, once it has rendered, shows the answer itself.
          const glance = !stored && answer !== undefined && glanceOfAnswer(spec, holder, answer, storage)
          if (glance && card.isConnected) showGlance(card, glance)
        })
        .finally(() => start(false))
    }
  }
  // A page that knows whose position it will show starts the app before the first paint: that holder waits for the
  // figures, not for the page.
  if (holder && !deferred) start(true)
} finally {
  // Whatever happened above, the page shows (it waited for its words) and the app starts.
  document.getElementById('root')?.setAttribute('data-worded', '')
  if (!deferred) start(false)
}
