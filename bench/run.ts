/**
 * `npm run bench`: measures the portal side by side with a default wagmi + RainbowKit app (bench/baseline/) in one
 * run. Starts anvil with the demo deployment, builds both apps against their own counting RPC proxy, serves both
 * builds like a static host (gzip, immutable assets), and measures both in Debian's Chromium:
 *   1. JS fetched until the network is idle: first visit (no wallet), returning holder (wallet reconnects);
 *   2. Lighthouse mobile performance, LCP, TBT, CLS (simulated throttling), median of 3;
 *   3. JSON-RPC calls one page load makes for a connected holder, cold and warm cache;
 *   4. navigation to position amounts on screen at 4× CPU, cold and from the persisted cache, median of 5;
 *   5. main-thread time per second and JS heap growth while idle with countdowns ticking;
 *   6. precache size.
 * Prints a table and writes bench/results/latest.json and latest.md.
 *
 * Environment: BENCH_IDLE_SECONDS (default 300), BENCH_IDLE_RUNS (3), BENCH_LIGHTHOUSE_RUNS (3), BENCH_TIMING_RUNS
 * (5), CHROME_PATH; BENCH_ONLY=idle measures the idle cost alone and prints it, writing no figures.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import type { Browser } from '@playwright/test'
import { CHROMIUM, launchBrowser } from './lib/browser.ts'
import { readCommandLine } from './lib/cli.ts'
import { machineLine, writeFigures } from './lib/figures.ts'
import { type LighthouseRun, runLighthouse } from './lib/lighthouse.ts'
import {
  connectOnce,
  measureIdle,
  measureJs,
  measureRpc,
  median,
  type Scenario,
  timeCold,
  timeWarm,
  withoutQueryCache,
} from './lib/measure.ts'
import { precacheOf } from './lib/precache.ts'
import { type AppResults, checkTargets, details, markdown, plainTable, type Results } from './lib/report.ts'
import {
  type AppName,
  type BuiltApp,
  buildAndServe,
  type Chain,
  ensureContracts,
  root,
  startChain,
} from './lib/stack.ts'
import { overFloorLines, traceLines } from './lib/trace.ts'
import { benchWalletOptions } from './lib/wallet.ts'

readCommandLine(
  'npm run bench --',
  'Measures the portal side by side with a default wagmi + RainbowKit app: JS, Lighthouse, RPC calls, time to the position, idle cost, precache.',
  'BENCH_IDLE_SECONDS (default 300), BENCH_IDLE_RUNS (3), BENCH_LIGHTHOUSE_RUNS (3), BENCH_TIMING_RUNS (5), CHROME_PATH; BENCH_ONLY=idle measures the idle cost alone, writing no figures.',
)

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}".`)
  return value
}

const IDLE_SECONDS = positiveNumber('BENCH_IDLE_SECONDS', 300)
const IDLE_RUNS = Math.round(positiveNumber('BENCH_IDLE_RUNS', 3))
const ONLY = process.env.BENCH_ONLY
if (ONLY !== undefined && ONLY !== '' && ONLY !== 'idle') throw new Error(`BENCH_ONLY may be "idle", got "${ONLY}".`)
const IDLE_ONLY = ONLY === 'idle'
const LIGHTHOUSE_RUNS = Math.round(positiveNumber('BENCH_LIGHTHOUSE_RUNS', 3))
const TIMING_RUNS = Math.round(positiveNumber('BENCH_TIMING_RUNS', 5))
const RESULTS = `${root}bench/results`

const step = (message: string) => console.log(`[bench] ${message}`)

/** `LIGHTHOUSE_RUNS` runs on a phone in a browser set to `language`, and their median. */
async function lighthouseRuns(
  app: BuiltApp,
  language: string,
): Promise<{ runs: LighthouseRun[]; median: LighthouseRun }> {
  const runs = []
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
    runs.push(
      await runLighthouse(`${app.server.url}/`, `${RESULTS}/lighthouse/${app.name}-${language}-${run}.json`, {
        language,
      }),
    )
  }
  // The median run by score, so that its LCP, TBT and CLS belong together.
  const byScore = [...runs].sort((a, b) => a.score - b.score || a.lcpMs - b.lcpMs)
  const middle = byScore[Math.floor(byScore.length / 2)]
  if (!middle) throw new Error('No Lighthouse run.')
  return {
    runs,
    median: {
      ...middle,
      score: median(runs.map((run) => run.score)),
      lcpMs: median(runs.map((run) => run.lcpMs)),
      tbtMs: median(runs.map((run) => run.tbtMs)),
      cls: median(runs.map((run) => run.cls)),
    },
  }
}

/** The portal's own catalog chunks a page loaded, by locale (each once): which language it was shown in. */
function catalogsLoaded(urls: string[]): string[] {
  const locales = urls.flatMap((url) => {
    const locale = /\/assets\/(en|de|en-XA)-[\w-]{8}\.js$/.exec(url)?.[1]
    return locale ? [locale] : []
  })
  return [...new Set(locales)]
}

async function lighthouse(app: BuiltApp): Promise<AppResults['lighthouse']> {
  const { runs, median: middle } = await lighthouseRuns(app, 'en-US')
  // One run with the desktop preset names the desktop layout's largest element.
  const desktop = await runLighthouse(`${app.server.url}/`, `${RESULTS}/lighthouse/${app.name}-desktop.json`, {
    desktop: true,
  })
  // The portal in German as well: its first visit loads German's catalog, and its page carries every locale's words.
  let german: AppResults['lighthouse']['german'] = null
  if (app.name === 'ours') {
    german = await lighthouseRuns(app, 'de-DE')
    const shown = german.runs.map((run) => catalogsLoaded(run.requests).join(' '))
    if (shown.some((catalogs) => catalogs !== 'de')) {
      throw new Error(`A de-DE Lighthouse run did not load German's catalog alone: ${shown.join('; ')}.`)
    }
  }
  return { runs, desktop, median: middle, german }
}

type Prepared = { scenario: Scenario; warm: Awaited<ReturnType<typeof connectOnce>> }

async function prepare(app: BuiltApp, browser: Browser, chain: Chain): Promise<Prepared> {
  const holder = chain.deployment.holders[0]
  if (!holder) throw new Error('The demo deployment has no holders.')
  const scenario: Scenario = {
    app,
    browser,
    wallet: benchWalletOptions(holder.address, chain.deployment.chainId, chain.anvil.rpcUrl),
    marker: `${new Intl.NumberFormat('en-US').format(Number(holder.amount / 10n ** 18n))} NAI`,
  }
  return { scenario, warm: await connectOnce(scenario) }
}

async function measurePageLoads({ scenario, warm }: Prepared): Promise<Omit<AppResults, 'lighthouse' | 'idle'>> {
  const cold = withoutQueryCache(warm)
  const name = scenario.app.name
  step(`${name}: JS transfer`)
  const firstVisit = await measureJs(scenario, {}, false)
  const returning = await measureJs(scenario, { wallet: scenario.wallet, storage: warm }, true)
  const firstVisitDesktop = await measureJs(scenario, { device: 'desktop' }, false)
  const firstVisitGerman = await measureJs(scenario, { locale: 'de-DE' }, false)
  if (name === 'ours' && catalogsLoaded(firstVisitGerman.list).join(' ') !== 'de') {
    throw new Error(`The de-DE first visit did not load German's catalog alone: ${firstVisitGerman.list.join(', ')}.`)
  }
  step(`${name}: RPC calls`)
  const rpc = { cold: await measureRpc(scenario, cold, false), warm: await measureRpc(scenario, warm, true) }
  step(`${name}: time to position at 4× CPU`)
  const position = {
    cold: await timeCold(scenario, cold, TIMING_RUNS),
    warm: await timeWarm(scenario, warm, TIMING_RUNS),
  }
  const html = scenario.app.files.get('/index.html')
  return {
    js: { firstVisit, returning, firstVisitDesktop, firstVisitGerman },
    html: { rawKB: (html?.body.length ?? 0) / 1024, gzipKB: (html?.gzip.length ?? 0) / 1024 },
    rpc,
    position,
    precache: precacheOf(scenario.app.files),
  }
}

/**
 * Figure 5, `IDLE_RUNS` times: the portal idling with, open beside it over the same window, its page frozen (its
 * document with no app, ticking one box) and the bare ticking page (the floor); the baseline app once, alone. The
 * portal's figure is its median run (with that run's heap, and the three pages' traces from its window), the frozen
 * page's and the floor's the medians of their own runs.
 */
async function measureIdleRuns(ours: Prepared, baseline: Prepared) {
  const runs = { ours: [] as number[], frozen: [] as number[], floor: [] as number[] }
  const windows = []
  for (let run = 1; run <= IDLE_RUNS; run++) {
    step(
      `idle run ${run} of ${IDLE_RUNS}: the portal for ${IDLE_SECONDS} s with countdowns ticking, its page frozen and the floor open beside it`,
    )
    const { cost, frozen, floor } = await measureIdle(ours.scenario, ours.warm, IDLE_SECONDS, { references: true })
    if (!frozen || !floor) throw new Error('The idle run measured no reference page.')
    windows.push({ cost, frozen, floor })
    runs.ours.push(cost.mainThreadMsPerSecond)
    runs.frozen.push(frozen.msPerSecond)
    runs.floor.push(floor.msPerSecond)
  }
  // The portal's median run, with the three pages' traces from its window.
  const middle = [...windows].sort((a, b) => a.cost.mainThreadMsPerSecond - b.cost.mainThreadMsPerSecond)[
    Math.floor(windows.length / 2)
  ]
  if (!middle) throw new Error('No idle run.')
  step(`idle for ${IDLE_SECONDS} s: the baseline app`)
  const { cost: baselineIdle } = await measureIdle(baseline.scenario, baseline.warm, IDLE_SECONDS)
  return {
    ours: middle.cost,
    baseline: baselineIdle,
    frozen: median(runs.frozen),
    frozenTrace: middle.frozen.trace,
    floor: median(runs.floor),
    floorTrace: middle.floor.trace,
    runs,
  }
}

function idleSummary(idle: Awaited<ReturnType<typeof measureIdleRuns>>): string {
  const list = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ')
  const met = idle.ours.mainThreadMsPerSecond <= idle.floor + 0.5
  return [
    `Idle main thread, ${IDLE_RUNS} × ${IDLE_SECONDS} s: portal ${idle.ours.mainThreadMsPerSecond.toFixed(2)} ms/s (runs ${list(idle.runs.ours)}), its page frozen ${idle.frozen.toFixed(2)} ms/s (runs ${list(idle.runs.frozen)}), floor ${idle.floor.toFixed(2)} ms/s (runs ${list(idle.runs.floor)}), baseline ${idle.baseline.mainThreadMsPerSecond.toFixed(2)} ms/s`,
    `Target ≤ floor + 0.5 ms/s (${(idle.floor + 0.5).toFixed(2)}), medians: Met: ${met ? 'yes' : 'no'}`,
    `Of the portal's ${(idle.ours.mainThreadMsPerSecond - idle.floor).toFixed(2)} ms/s over the floor: the document ${(idle.frozen - idle.floor).toFixed(2)}, the app ${(idle.ours.mainThreadMsPerSecond - idle.frozen).toFixed(2)}`,
    `Heap growth ${idle.ours.heapGrowthKB.toFixed(0)} KB, RPC calls while idle ${idle.ours.rpcCalls}`,
    `Trace (${idle.ours.trace.seconds} s): ${traceLines(idle.ours.trace).join('; ')}`,
    `Frozen page's trace (${idle.frozenTrace.seconds} s): ${traceLines(idle.frozenTrace).join('; ')}`,
    `Floor's trace (${idle.floorTrace.seconds} s): ${traceLines(idle.floorTrace).join('; ')}`,
    `Over the floor's trace, by part (the portal; its page frozen): ${overFloorLines(idle.ours.trace, idle.frozenTrace, idle.floorTrace).join('; ')}`,
  ].join('\n')
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return 'unknown'
  }
}

async function main() {
  const cleanups: (() => Promise<void>)[] = []
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
    cleanups.length = 0
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`\n[bench] ${signal}: stopping`)
      void cleanUp().then(() => process.exit(130))
    })
  }
  const loadAtStart = loadavg()[0] ?? 0
  try {
    await ensureContracts()
    step('starting anvil with the demo deployment (claim window)')
    const chain = await startChain()
    cleanups.push(() => chain.anvil.stop())
    const serve = async (name: AppName) => {
      step(`building ${name === 'ours' ? 'the portal' : 'the baseline app'}`)
      const app = await buildAndServe(name, chain)
      cleanups.push(async () => {
        await app.server.close()
        await app.rpc.stop()
      })
      step(`${name}: ${app.server.url} (RPC ${app.rpc.url})`)
      return app
    }
    const apps = { ours: await serve('ours'), baseline: await serve('baseline') }
    const browser = await launchBrowser()
    cleanups.push(() => browser.close())

    step('connecting the holder once in each app')
    const ours = await prepare(apps.ours, browser, chain)
    const baseline = await prepare(apps.baseline, browser, chain)
    if (IDLE_ONLY) {
      const idle = await measureIdleRuns(ours, baseline)
      console.log(`\n${idleSummary(idle)}\n`)
      console.log(
        `[bench] load average ${loadAtStart.toFixed(1)} at the start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`,
      )
      return
    }
    const loads = { ours: await measurePageLoads(ours), baseline: await measurePageLoads(baseline) }

    step(`Lighthouse, ${LIGHTHOUSE_RUNS} runs each`)
    const lh = { ours: await lighthouse(apps.ours), baseline: await lighthouse(apps.baseline) }

    const {
      ours: oursIdle,
      baseline: baselineIdle,
      frozen: idleFrozen,
      frozenTrace: idleFrozenTrace,
      floor: idleFloor,
      floorTrace: idleFloorTrace,
      runs: idleRuns,
    } = await measureIdleRuns(ours, baseline)

    const oursResults: AppResults = { ...loads.ours, lighthouse: lh.ours, idle: oursIdle }
    const baselineResults: AppResults = { ...loads.baseline, lighthouse: lh.baseline, idle: baselineIdle }
    const results: Results = {
      date: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? 'unknown',
        chromium: chromiumVersion(),
        node: process.version,
        loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
      },
      idleSeconds: IDLE_SECONDS,
      idleFrozenMsPerSecond: idleFrozen,
      idleFrozenTrace,
      idleFloorMsPerSecond: idleFloor,
      idleFloorTrace,
      idleRuns,
      ours: oursResults,
      baseline: baselineResults,
      targets: checkTargets(oursResults, baselineResults, IDLE_SECONDS, idleFloor, idleRuns.ours.length),
    }
    mkdirSync(RESULTS, { recursive: true })
    writeFileSync(`${RESULTS}/latest.json`, `${JSON.stringify(results, null, 2)}\n`)
    writeFileSync(`${RESULTS}/latest.md`, `${markdown(results)}\n`)
    console.log(`\n${plainTable(results)}\n\n${details(results).replaceAll('**', '')}\n`)
    console.log(
      `[bench] ${results.machine.cpus} CPUs, load average ${loadAtStart.toFixed(1)} at the start and ${results.machine.loadAverage.end.toFixed(1)} at the end`,
    )
    step(`written to bench/results/latest.json and latest.md`)
    writeFigures(
      'page',
      `Side by side with a default wagmi + RainbowKit app (\`bench/baseline/\`), in one run: Lighthouse ${LIGHTHOUSE_RUNS} runs, timings ${TIMING_RUNS} runs, ${IDLE_RUNS} × ${IDLE_SECONDS} s idle.\n\n${markdown(results)}\n\n${details(results)}`,
      machineLine(loadAtStart),
    )
  } finally {
    await cleanUp()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exitCode = 1
})
