import { type Browser, type BrowserContext, type CDPSession, chromium, type Page, type Request } from '@playwright/test'
import { createTestProvider } from '../../src/wallet/testProvider.ts'
import { chromiumArgs } from '../../testing/env.ts'
import type { BuiltApp } from './stack.ts'
import type { BenchWalletOptions } from './wallet.ts'

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_FLAGS = chromiumArgs

/**
 * Chromium 156 in headless mode loads the address bar's own pages (its WebUI popups, about 400 requests in a
 * renderer of their own) each time a window opens, so on a 2-core machine they compete with the page being measured,
 * which no phone's browser does. They are switched off here. A second `--disable-features` replaces the first, so the
 * features Playwright itself switches off are named again.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
]
const QUIET_WINDOWS = `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',')}`

/**
 * The phone Lighthouse's mobile preset emulates (Moto G Power 2022): its screen and its user agent. The user agent
 * matters: RainbowKit picks wallet connectors and ConnectButton details by it (on a phone it shows no balance and
 * uses the MetaMask SDK for MetaMask).
 */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
}
/** A desktop browser with Chromium's own user agent, for comparison with the phone. */
const DESKTOP = { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false }
export type Device = 'phone' | 'desktop'

const LAUNCH = { executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, QUIET_WINDOWS], headless: true }

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(LAUNCH)
}

/**
 * Chromium on a profile kept on disk in `profileDir`, as an installed app runs (a browser's usual profile). Unlike
 * the in-memory contexts of {@link launchBrowser}, it keeps V8's compiled-code cache between page loads.
 */
export function launchOnDiskProfile(
  profileDir: string,
  options: Parameters<typeof chromium.launchPersistentContext>[1] = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, { ...options, ...LAUNCH })
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

export type Visit = {
  /** What the holder's browser already holds for the app: a wallet connection record, a persisted query cache. */
  storage?: StorageState
  /** The holder's wallet, present on returning visits. */
  wallet?: BenchWalletOptions
  /** A phone unless said otherwise. */
  device?: Device
  /** The browser's language: en-US unless said otherwise. */
  locale?: string
}

/** A phone's fresh browser profile with nothing of either app in it, for a reference page the bench writes itself. */
export function openPhoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, locale: 'en-US', timezoneId: 'UTC' })
}

/**
 * A fresh browser profile (empty HTTP cache). Service workers are blocked in every measurement: the precache is
 * measured from the build (figure 6), and a service worker downloading it during a page load would blur what the
 * page itself needs.
 */
export async function openContext(browser: Browser, visit: Visit, marker: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...(visit.device === 'desktop' ? DESKTOP : PHONE),
    serviceWorkers: 'block',
    locale: visit.locale ?? 'en-US',
    timezoneId: 'UTC',
    ...(visit.storage ? { storageState: visit.storage } : {}),
  })
  if (visit.wallet) await context.addInitScript({ content: pageScript(createTestProvider, visit.wallet) })
  await watchForPosition(context, marker)
  return context
}

/** What the page reports: when the position amount first showed, and when the app's own panels did. */
type Mark = 'position' | 'app'

/** The name under which the page reports a {@link Mark} to the bench. */
const MARK_BINDING = '__benchMark'

/** The marks a page has reported since its last navigation, and the bench's waits for them. */
class PageMarks {
  private readonly seen = new Map<Mark, number>()
  private readonly waits = new Set<() => void>()

  record(mark: Mark, at: number): void {
    this.seen.set(mark, at)
    for (const check of this.waits) check()
  }

  clear(): void {
    this.seen.clear()
  }

  wait(mark: Mark, timeoutMs: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waits.delete(check)
        reject(new Error(`The page did not report "${mark}" within ${timeoutMs} ms.`))
      }, timeoutMs)
      const check = () => {
        const at = this.seen.get(mark)
        if (at === undefined) return
        clearTimeout(timer)
        this.waits.delete(check)
        resolve(at)
      }
      this.waits.add(check)
      check()
    })
  }
}

const pageMarks = new WeakMap<Page, PageMarks>()

function marksOf(page: Page): PageMarks {
  let marks = pageMarks.get(page)
  if (!marks) {
    const created = new PageMarks()
    // A new document reports afresh; its request comes before anything it reports.
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) created.clear()
    })
    pageMarks.set(page, created)
    marks = created
  }
  return marks
}

/**
 * Records, in every page of `context`, when `marker` first shows (read with {@link positionVisibleAt}); with `app`,
 * also when the app's own position panels show (read with {@link appVisibleAt}). The page reports each through a
 * binding, a message to the bench: waiting for it runs nothing in the page, where polling with `waitForFunction`
 * would load Playwright's injected script (about 50 ms of main thread at 4× CPU) and run a check every 50 ms in
 * the middle of the load being measured.
 */
export async function watchForPosition(context: BrowserContext, marker: string, { app = false } = {}): Promise<void> {
  context.on('page', (page) => marksOf(page))
  for (const page of context.pages()) marksOf(page)
  await context.exposeBinding(MARK_BINDING, ({ page }, mark: Mark, at: number) => marksOf(page).record(mark, at))
  await context.addInitScript({ content: pageScript(watchForText, { marker, app, binding: MARK_BINDING }) })
}

/**
 * `fn(arg)` as a script for the page. tsx compiles with esbuild's `keepNames`, which wraps functions in a `__name`
 * call that exists only in Node; the page gets a stand-in.
 */
function pageScript<T>(fn: (arg: T) => void, arg: T): string {
  return `{ const __name = (target) => target; (${fn.toString()})(${JSON.stringify(arg)}) }`
}

/**
 * Reports when `marker` (the holder's position amount) first shows on the page — from the prerendered page's stored
 * figures or from the app — and, with `app`, when the app's own position panels show: at the animation frame after
 * the DOM change that added each, in epoch milliseconds. Sent to the page as source text.
 */
function watchForText({ marker, app: watchApp, binding }: { marker: string; app: boolean; binding: string }): void {
  const stamp = (mark: Mark) =>
    requestAnimationFrame(() => {
      const report = (window as unknown as Record<string, (mark: Mark, at: number) => void>)[binding]
      report?.(mark, performance.timeOrigin + performance.now())
    })
  let text = false
  let app = false
  const observer = new MutationObserver(() => {
    if (!text && document.body?.textContent?.includes(marker)) {
      text = true
      stamp('position')
    }
    if (watchApp && !app && document.querySelector('.panels') !== null) {
      app = true
      stamp('app')
    }
    // Watching costs a look at the whole page on every change: it stops once it has seen what it waits for.
    if (text && (app || !watchApp)) observer.disconnect()
  })
  observer.observe(document, { childList: true, subtree: true, characterData: true })
}

/** Epoch ms at which the app's own position panels showed, once they have. */
export function appVisibleAt(page: Page, timeoutMs = 30_000): Promise<number> {
  return marksOf(page).wait('app', timeoutMs)
}

/** Epoch ms at which the position showed, once it has. */
export function positionVisibleAt(page: Page, timeoutMs = 30_000): Promise<number> {
  return marksOf(page).wait('position', timeoutMs)
}

/** Epoch ms at which the page's navigation started. */
export function navigationStart(page: Page): Promise<number> {
  return page.evaluate(() => performance.timeOrigin)
}

/** Follows a page's requests so that a measurement can wait until the network has gone quiet. */
export class NetworkLog {
  private readonly inFlight = new Set<Request>()
  private lastActivity = Date.now()
  readonly finished: Request[] = []

  constructor(page: Page) {
    page.on('request', (request) => {
      this.inFlight.add(request)
      this.lastActivity = Date.now()
    })
    const done = (request: Request) => {
      this.inFlight.delete(request)
      this.finished.push(request)
      this.lastActivity = Date.now()
    }
    page.on('requestfinished', done)
    page.on('requestfailed', done)
  }

  /** Resolves once no request has been in flight for `quietMs` (or after `timeoutMs`, with `false`). */
  async idle(quietMs = 2_000, timeoutMs = 45_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (this.inFlight.size === 0 && Date.now() - this.lastActivity >= quietMs) return true
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return false
  }
}

export type JsTransfer = { files: number; rawKB: number; gzipKB: number; list: string[]; reachedIdle: boolean }

/** The JS files a page fetched from the app's server, sized from the build (gzip as served). */
export function jsTransfer(app: BuiltApp, requests: Request[], reachedIdle: boolean): JsTransfer {
  const origin = new URL(app.server.url).origin
  const seen = new Set<string>()
  let raw = 0
  let gzip = 0
  for (const request of requests) {
    const url = new URL(request.url())
    if (url.origin !== origin || seen.has(url.pathname)) continue
    const file = app.files.get(url.pathname)
    if (!file || !url.pathname.endsWith('.js')) continue
    seen.add(url.pathname)
    raw += file.body.length
    gzip += file.gzip.length
  }
  return {
    files: seen.size,
    rawKB: raw / 1024,
    gzipKB: gzip / 1024,
    list: [...seen].sort(),
    reachedIdle,
  }
}

export async function cdpSession(context: BrowserContext, page: Page): Promise<CDPSession> {
  return context.newCDPSession(page)
}

export async function throttleCpu(cdp: CDPSession, rate: number): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
}

type Metrics = Record<string, number>

export async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics')
  return Object.fromEntries(list.map(({ name, value }) => [name, value]))
}

export async function collectGarbage(cdp: CDPSession): Promise<void> {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
}
