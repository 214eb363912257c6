import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test'
import type { ProxyLogEntry } from '../../testing/rpcProxy.ts'
import {
  cdpSession,
  collectGarbage,
  type JsTransfer,
  jsTransfer,
  metrics,
  NetworkLog,
  navigationStart,
  openContext,
  openPhoneContext,
  positionVisibleAt,
  type StorageState,
  throttleCpu,
  type Visit,
} from './browser.ts'
import type { BuiltApp } from './stack.ts'
import { type IdleTrace, mainFrameId, traceIdle } from './trace.ts'
import type { BenchWalletOptions } from './wallet.ts'

export type Scenario = {
  app: BuiltApp
  browser: Browser
  wallet: BenchWalletOptions
  /** Text that shows once the holder's position amount is on the page. */
  marker: string
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

async function withPage<T>(
  scenario: Scenario,
  visit: Visit,
  body: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await openContext(scenario.browser, visit, scenario.marker)
  try {
    return await body(await context.newPage(), context)
  } finally {
    await context.close()
  }
}

/**
 * Connects the holder's wallet once through the app's own connect flow (RainbowKit's modal in both apps), waits for
 * the position, and returns what the browser then holds: the state of a returning holder.
 */
export async function connectOnce(scenario: Scenario): Promise<StorageState> {
  // On a desktop browser, where both apps list the page's wallet by name in RainbowKit's modal; a phone offers the
  // portal's own sheet of wallet apps first. The connection record it leaves is the same.
  return withPage(scenario, { wallet: scenario.wallet, device: 'desktop' }, async (page, context) => {
    await page.goto(scenario.app.server.url)
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click()
    await page
      .getByRole('button', { name: scenario.wallet.announce.name, exact: true })
      .first()
      .click({ timeout: 20_000 })
    await positionVisibleAt(page)
    // The persister writes at most once a second; give it time to store the fresh read.
    await page.waitForTimeout(2_500)
    return context.storageState()
  })
}

/** The same holder without the persisted query cache (the wallet connection record stays). */
export function withoutQueryCache(storage: StorageState): StorageState {
  return {
    ...storage,
    origins: storage.origins.map((origin) => ({
      ...origin,
      localStorage: origin.localStorage.filter(({ name }) => !/querycache|react_query/i.test(name)),
    })),
  }
}

/** Figure 1: the JS a page load fetches until the network is idle, with no interaction. */
export async function measureJs(scenario: Scenario, visit: Visit, waitForPosition: boolean): Promise<JsTransfer> {
  return withPage(scenario, visit, async (page) => {
    const network = new NetworkLog(page)
    await page.goto(scenario.app.server.url)
    if (waitForPosition) await positionVisibleAt(page)
    const idle = await network.idle()
    return jsTransfer(scenario.app, network.finished, idle)
  })
}

export type RpcLoad = {
  /** JSON-RPC calls made from navigation until the network was idle. */
  total: number
  ethCalls: number
  /** Calls sent before the position showed. */
  sentBeforeShown: number
  /**
   * Whether the position showed while the RPC endpoint answered nothing (every answer held back until then): proof
   * that no request was needed to show it. Only measured for the warm cache.
   */
  shownWhileRpcHeld: boolean | null
  /** HTTP requests (a batch counts once). */
  httpRequests: number
  methods: Record<string, number>
  /** Each eth_call: target, selector, calldata size. */
  ethCallTargets: string[]
}

function countMethods(calls: readonly ProxyLogEntry[]): Record<string, number> {
  const methods: Record<string, number> = {}
  for (const { method } of calls) methods[method] = (methods[method] ?? 0) + 1
  return methods
}

/**
 * Figure 3: JSON-RPC calls one page load makes for a connected holder, counted at the app's RPC proxy. With
 * `holdAnswers`, the proxy answers nothing until the position shows (or 8 s pass).
 */
export async function measureRpc(scenario: Scenario, storage: StorageState, holdAnswers: boolean): Promise<RpcLoad> {
  return withPage(scenario, { wallet: scenario.wallet, storage }, async (page) => {
    const network = new NetworkLog(page)
    const { rpc } = scenario.app
    rpc.reset()
    const release = holdAnswers ? rpc.hold() : () => {}
    let shownWhileRpcHeld: boolean | null = null
    let visibleAt: number
    try {
      await page.goto(scenario.app.server.url)
      if (holdAnswers) {
        visibleAt = await positionVisibleAt(page, 8_000).catch(() => Number.NaN)
        shownWhileRpcHeld = !Number.isNaN(visibleAt)
      }
    } finally {
      release()
    }
    if (!shownWhileRpcHeld) visibleAt = await positionVisibleAt(page)
    await network.idle(3_000)
    const calls = [...rpc.log]
    return {
      total: calls.length,
      ethCalls: calls.filter(({ method }) => method === 'eth_call').length,
      sentBeforeShown: calls.filter(({ at }) => at < visibleAt).length,
      shownWhileRpcHeld,
      httpRequests: rpc.requests.length,
      methods: countMethods(calls),
      ethCallTargets: calls.flatMap(({ call }) => (call ? [call] : [])),
    }
  })
}

export type Timing = {
  runsMs: number[]
  medianMs: number
  /** The median run's way to the position: what arrived or was sent when, in ms from navigation start. */
  path?: PathStep[]
}

export type PathStep = { what: string; atMs: number }

/**
 * The critical path of a load that has just shown the position, read from the page's own timing entries: the HTML,
 * each script until the first RPC request (every script, without one), that request and its answer, and `shown`.
 */
export async function loadPath(
  page: Page,
  rpcUrl: string | null,
  shownAtMs: number,
  shown = 'position shown',
): Promise<PathStep[]> {
  const { html, resources } = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    return {
      html: navigation?.responseEnd ?? 0,
      resources: entries.map((entry) => ({ name: entry.name, start: entry.startTime, end: entry.responseEnd })),
    }
  })
  const rpc = rpcUrl === null ? undefined : resources.find((entry) => entry.name.startsWith(rpcUrl))
  const scripts = resources.filter(
    (entry) => entry.name.endsWith('.js') && (rpc === undefined || entry.start <= rpc.start),
  )
  const file = (url: string) => new URL(url).pathname.split('/').pop() ?? url
  return [
    { what: 'HTML received', atMs: html },
    ...scripts.map((entry) => ({ what: `${file(entry.name)} received`, atMs: entry.end })),
    ...(rpc
      ? [
          { what: 'RPC read sent', atMs: rpc.start },
          { what: 'RPC read answered', atMs: rpc.end },
        ]
      : []),
    { what: shown, atMs: shownAtMs },
  ].sort((a, b) => a.atMs - b.atMs)
}

/**
 * Figure 4, cold: each run in a fresh profile (no HTTP cache, no persisted data; the wallet reconnects), CPU slowed
 * down 4×, from navigation start to the position amount on screen.
 */
export async function timeCold(scenario: Scenario, storage: StorageState, runs: number): Promise<Timing> {
  const measured: { ms: number; path: PathStep[] }[] = []
  for (let run = 0; run < runs; run++) {
    measured.push(
      await withPage(scenario, { wallet: scenario.wallet, storage }, async (page, context) => {
        await throttleCpu(await cdpSession(context, page), 4)
        await page.goto(scenario.app.server.url)
        const visibleAt = await positionVisibleAt(page)
        const ms = visibleAt - (await navigationStart(page))
        return { ms, path: await loadPath(page, scenario.app.rpc.url, ms) }
      }),
    )
  }
  const runsMs = measured.map((run) => run.ms)
  const medianMs = median(runsMs)
  const closest = [...measured].sort((a, b) => Math.abs(a.ms - medianMs) - Math.abs(b.ms - medianMs))[0]
  return { runsMs, medianMs, path: closest?.path }
}

/**
 * Figure 4, warm: a returning holder — HTTP cache filled by an earlier visit and the app's persisted state — CPU
 * slowed down 4×, from navigation start to the position amount on screen.
 */
export async function timeWarm(scenario: Scenario, storage: StorageState, runs: number): Promise<Timing> {
  return withPage(scenario, { wallet: scenario.wallet, storage }, async (page, context) => {
    const network = new NetworkLog(page)
    await page.goto(scenario.app.server.url)
    await positionVisibleAt(page)
    await network.idle(1_500)
    await throttleCpu(await cdpSession(context, page), 4)
    const runsMs: number[] = []
    for (let run = 0; run < runs; run++) {
      await page.goto(scenario.app.server.url)
      const visibleAt = await positionVisibleAt(page)
      runsMs.push(visibleAt - (await navigationStart(page)))
      await network.idle(1_500)
    }
    return { runsMs, medianMs: median(runsMs) }
  })
}

export type IdleCost = {
  seconds: number
  /** Main-thread busy time (all tasks) per second of idling, in ms. */
  mainThreadMsPerSecond: number
  /** Of which running JavaScript. */
  scriptMsPerSecond: number
  heapStartKB: number
  heapEndKB: number
  /** Live JS heap after garbage collection, end minus start. */
  heapGrowthKB: number
  /** JSON-RPC calls made while idle (polling). */
  rpcCalls: number
  rpcMethods: Record<string, number>
  /** Where the main thread's idle time goes, from a trace after the measurement. */
  trace: IdleTrace
}

/** How long the idle pages' main threads are traced, all at once, after their cost was measured. */
const IDLE_TRACE_SECONDS = 20

/**
 * How long after a forced collection the counters start. The collection leaves V8 work behind: at once (about 150 ms
 * here), and then its memory reducer's answer, two more full collections about 18.5 s later and half a second apart
 * (traced here: 16–23 ms of main thread on the portal's page, 5 ms on its frozen page, none on the floor's). Starting
 * at 30 s leaves both out of every page's window alike: they come once after a page goes quiet, not with each tick.
 */
const SETTLE_AFTER_GC_MS = 30_000

/**
 * Collects garbage in each page, lets the work it leaves behind settle, then reads the browser's own counters of every
 * page over the same `seconds`: each counter's growth per second of that time, page by page (in `sessions`' order).
 */
async function countersOver(page: Page, sessions: CDPSession[], seconds: number, onStart = () => {}) {
  for (const cdp of sessions) {
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' })
    await collectGarbage(cdp)
  }
  const settled = await metrics(sessions[0] as CDPSession)
  await page.waitForTimeout(SETTLE_AFTER_GC_MS)
  const start = await Promise.all(sessions.map(metrics))
  onStart()
  await page.waitForTimeout(seconds * 1000)
  const end = await Promise.all(sessions.map(metrics))
  const perSecond = (index: number, name: string) => {
    const [from, to] = [start[index] ?? {}, end[index] ?? {}]
    return (((to[name] ?? 0) - (from[name] ?? 0)) * 1000) / ((to.Timestamp ?? 0) - (from.Timestamp ?? 0))
  }
  const elapsed = (end[0]?.Timestamp ?? 0) - (start[0]?.Timestamp ?? 0)
  return { elapsed, perSecond, heapAfterGcKB: (settled.JSHeapUsedSize ?? 0) / 1024 }
}

/** A page with no app, measured beside an app's page over the same window. */
export type TickingPageCost = { msPerSecond: number; trace: IdleTrace }

/**
 * Figure 5: a connected holder's page left alone with its countdowns ticking. With `references`, the two pages that
 * split its cost are open beside it and measured over the same window, each in its own phone context and renderer:
 * its frozen page ({@link frozenDocument}) and the floor ({@link tickingTextPage}). Measured at once, the machine's
 * own drift (±0.2 ms/s from one minute to the next here) is common to the three, and their differences are what is
 * left: two copies of one page, open at once, averaged 1.98 and 2.01 ms/s over four 45 s windows, where the same page
 * measured twice one after the other gave 1.73 and 1.97. Each reference ticks a third of a second after the one
 * before it (the app's clock turns as each second begins), so no two pages draw a frame at the same moment.
 */
export async function measureIdle(
  scenario: Scenario,
  storage: StorageState,
  seconds: number,
  { references = false } = {},
): Promise<{ cost: IdleCost; frozen?: TickingPageCost; floor?: TickingPageCost }> {
  return withPage(scenario, { wallet: scenario.wallet, storage }, async (page, context) => {
    const network = new NetworkLog(page)
    await page.goto(scenario.app.server.url)
    await positionVisibleAt(page)
    await network.idle(3_000)
    await page.waitForTimeout(5_000)
    const opened: TickingPage[] = []
    try {
      if (references) {
        const frozenUrl = `${scenario.app.server.url}/frozen-page.html`
        const frozenHtml = await frozenDocument(page, 333)
        const floorUrl = `${scenario.app.server.url}/floor-page.html`
        opened.push(await openTickingPage(scenario.browser, (reference) => serveAt(reference, frozenUrl, frozenHtml)))
        opened.push(
          await openTickingPage(scenario.browser, (reference) => serveAt(reference, floorUrl, tickingTextPage(667))),
        )
      }
      await Promise.all(opened.map(({ page: reference }) => reference.waitForTimeout(5_000)))
      const cdp = await cdpSession(context, page)
      const {
        elapsed,
        perSecond,
        heapAfterGcKB: heapStart,
      } = await countersOver(page, [cdp, ...opened.map((reference) => reference.cdp)], seconds, () =>
        scenario.app.rpc.reset(),
      )
      const calls = [...scenario.app.rpc.log]
      const frames = await Promise.all([cdp, ...opened.map((reference) => reference.cdp)].map(mainFrameId))
      const traces = await traceIdle(cdp, frames, IDLE_TRACE_SECONDS)
      const [trace] = traces
      if (!trace) throw new Error('The idle trace summed no page.')
      const measured: TickingPageCost[] = []
      for (const [index, referenceTrace] of traces.slice(1).entries()) {
        measured.push({ msPerSecond: perSecond(index + 1, 'TaskDuration'), trace: referenceTrace })
      }
      await collectGarbage(cdp)
      const heapEnd = await metrics(cdp)
      const heapFinal = (heapEnd.JSHeapUsedSize ?? 0) / 1024
      const cost = {
        seconds: elapsed,
        mainThreadMsPerSecond: perSecond(0, 'TaskDuration'),
        scriptMsPerSecond: perSecond(0, 'ScriptDuration'),
        heapStartKB: heapStart,
        heapEndKB: heapFinal,
        heapGrowthKB: heapFinal - heapStart,
        rpcCalls: calls.length,
        rpcMethods: countMethods(calls),
        trace,
      }
      const [frozen, floor] = measured
      return { cost, frozen, floor }
    } finally {
      for (const reference of opened) await reference.context.close()
    }
  })
}

/**
 * The least a countdown that ticks every second costs on this browser: a bare page, no app and no framework, whose
 * only change is two digits, in a box of fixed size and contained, turning `offsetMs` into each second.
 */
const tickingTextPage = (offsetMs: number) => `<!doctype html>
<meta name="viewport" content="width=device-width, initial-scale=1">
<p>Unlocks in <span id="seconds" style="display:inline-block;width:2ch;height:1.2em;contain:strict">00</span> s</p>
<script>${tickScript("document.getElementById('seconds').firstChild", offsetMs)}</script>`

/** Writes a countdown's seconds into the text node `target` finds, as each second reaches `offsetMs`. */
const tickScript = (target: string, offsetMs: number) => `
  const text = ${target}
  const tick = () => {
    text.data = String(59 - (Math.floor((Date.now() - ${offsetMs}) / 1000) % 60)).padStart(2, '0')
    setTimeout(tick, 1000 - ((Date.now() + 1000 - ${offsetMs}) % 1000))
  }
  tick()
`

/**
 * The page's document as it stands, with its scripts (and the policy that would refuse an inline one) taken out and
 * one put in that ticks its last countdown box (a countdown's seconds) as the floor ticks its one box: the same
 * elements and styles, no app. It is read by a script in the page's own world, not with Playwright's `content()`:
 * that loads Playwright's injected script, whose listeners for checking a tap's target (`touchstart` and others on the
 * window, not passive) make the whole page a blocking touch handler for as long as it stays open. A holder's browser
 * has no such listener, and with it every frame of the page carries a touch-action region to the compositor: about
 * 0.07 ms/s more on the frozen page, measured at once with and without (two copies each, four 45 s windows).
 */
async function frozenDocument(page: Page, offsetMs: number): Promise<string> {
  const tick = tickScript("[...document.querySelectorAll('.countdown-digits')].at(-1).firstChild", offsetMs)
  const html = await page.evaluate(() => {
    const doctype = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : ''
    return `${doctype}${document.documentElement.outerHTML}`
  })
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<link[^>]*modulepreload[^>]*>/g, '')
    .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/g, '')
    .replace('</body>', `<script>${tick}</script></body>`)
}

/**
 * Serves `html` at `url` (the app's origin, for its stylesheet and images) and opens it by a navigation, as the
 * portal's page is opened and as a holder opens any page. The floor was once written into a blank page with
 * `setContent` instead (which leaves no listener of Playwright's behind: checked); such a page costs less than the
 * same page navigated to, by 0.02–0.06 ms/s in two runs of four and eight pages at once (eight 45 s windows each),
 * whether the navigation is answered by a route or by a server.
 */
async function serveAt(page: Page, url: string, html: string) {
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }))
  await page.goto(url)
}

type TickingPage = { context: BrowserContext; page: Page; cdp: CDPSession }

/** A page with no app, opened by `open` in a phone context of its own. */
async function openTickingPage(browser: Browser, open: (page: Page) => Promise<unknown>): Promise<TickingPage> {
  const context = await openPhoneContext(browser)
  try {
    const page = await context.newPage()
    await open(page)
    return { context, page, cdp: await cdpSession(context, page) }
  } catch (error) {
    await context.close()
    throw error
  }
}
