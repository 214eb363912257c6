import type { JsTransfer } from './browser.ts'
import type { LighthouseRun } from './lighthouse.ts'
import type { IdleCost, RpcLoad, Timing } from './measure.ts'
import type { Precache } from './precache.ts'
import { type IdleTrace, overFloorLines, traceLines } from './trace.ts'

export type AppResults = {
  js: { firstVisit: JsTransfer; returning: JsTransfer; firstVisitDesktop: JsTransfer; firstVisitGerman: JsTransfer }
  /** The page's HTML as served. */
  html: { rawKB: number; gzipKB: number }
  lighthouse: {
    runs: LighthouseRun[]
    median: LighthouseRun
    desktop: LighthouseRun
    /** The portal's runs in a browser set to German (de-DE); none for the baseline. */
    german: { runs: LighthouseRun[]; median: LighthouseRun } | null
  }
  rpc: { cold: RpcLoad; warm: RpcLoad }
  position: { cold: Timing; warm: Timing }
  idle: IdleCost
  precache: Precache | null
}

export type Results = {
  date: string
  machine: {
    cpus: number
    cpuModel: string
    chromium: string
    node: string
    /** 1-minute load average when the run started and ended: other work on the machine inflates timings. */
    loadAverage: { start: number; end: number }
  }
  idleSeconds: number
  /** Main thread per second of the portal's page frozen (its document, no app, ticking one box), median of its runs. */
  idleFrozenMsPerSecond: number
  /** The trace of the frozen page's median run. */
  idleFrozenTrace: IdleTrace
  /** Main thread per second of a bare page whose only change is one two-digit text a second, median of its runs. */
  idleFloorMsPerSecond: number
  /** The trace of the floor's median run, as long as the apps'. */
  idleFloorTrace: IdleTrace
  /** Each idle run's main thread per second: the portal's, its frozen page's and the floor's, in the order they ran. */
  idleRuns: { ours: number[]; frozen: number[]; floor: number[] }
  ours: AppResults
  baseline: AppResults
  targets: Target[]
}

export type Target = { figure: string; target: string; value: string; met: boolean }

const kb = (value: number) => `${value.toFixed(value >= 100 ? 0 : 1)} KB`
const ms = (value: number) => `${Math.round(value)} ms`

/** How many times less ours costs than the baseline (or more, when it costs more); `—` when that means nothing. */
function times(baseline: number, ours: number): string {
  if (!Number.isFinite(baseline) || !Number.isFinite(ours) || baseline < 0 || ours < 0) return '—'
  if (ours === 0 && baseline === 0) return 'both 0'
  if (ours === 0) return 'ours 0'
  if (baseline === 0) return 'baseline 0'
  const format = (ratio: number) => (ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(1))
  return baseline >= ours ? `${format(baseline / ours)}× less` : `${format(ours / baseline)}× more`
}

type Row = { figure: string; ours: string; baseline: string; ratio: string }

function jsCell(js: JsTransfer): string {
  return `${js.files} files, ${kb(js.rawKB)} raw, **${kb(js.gzipKB)} gzip**${js.reachedIdle ? '' : ' (no idle)'}`
}

function lighthouseCell(run: LighthouseRun): string {
  return `${run.score}; ${ms(run.lcpMs)}; ${ms(run.tbtMs)}; ${run.cls.toFixed(3)}`
}

function rpcCell(load: RpcLoad): string {
  const held =
    load.shownWhileRpcHeld === null
      ? ''
      : load.shownWhileRpcHeld
        ? '; shown with RPC held'
        : '; not shown with RPC held'
  return `${load.total} (${load.ethCalls} eth_call${held})`
}

function rows(results: Results): Row[] {
  const { ours, baseline } = results
  const lh = (pick: (run: LighthouseRun) => number, format: (value: number) => string, higherIsBetter = false) => ({
    ours: format(pick(ours.lighthouse.median)),
    baseline: format(pick(baseline.lighthouse.median)),
    ratio: higherIsBetter
      ? `${pick(ours.lighthouse.median) - pick(baseline.lighthouse.median) >= 0 ? '+' : ''}${pick(ours.lighthouse.median) - pick(baseline.lighthouse.median)} points`
      : times(pick(baseline.lighthouse.median), pick(ours.lighthouse.median)),
  })
  const precache = (value: Precache | null) =>
    value ? `${value.entries} files, ${kb(value.rawKB)} (${kb(value.gzipKB)} gzip)` : 'n/a (no sw.js)'
  return [
    {
      figure: '1a. JS until network idle — first visit on a phone, not connected',
      ours: jsCell(ours.js.firstVisit),
      baseline: jsCell(baseline.js.firstVisit),
      ratio: times(baseline.js.firstVisit.gzipKB, ours.js.firstVisit.gzipKB),
    },
    {
      figure: '1b. JS until network idle — returning holder on a phone, wallet reconnects',
      ours: jsCell(ours.js.returning),
      baseline: jsCell(baseline.js.returning),
      ratio: times(baseline.js.returning.gzipKB, ours.js.returning.gzipKB),
    },
    {
      figure: '1c. JS until network idle — first visit, desktop browser',
      ours: jsCell(ours.js.firstVisitDesktop),
      baseline: jsCell(baseline.js.firstVisitDesktop),
      ratio: times(baseline.js.firstVisitDesktop.gzipKB, ours.js.firstVisitDesktop.gzipKB),
    },
    {
      figure: '1d. JS until network idle — first visit on a phone in German (de-DE), not connected',
      ours: jsCell(ours.js.firstVisitGerman),
      baseline: jsCell(baseline.js.firstVisitGerman),
      ratio: times(baseline.js.firstVisitGerman.gzipKB, ours.js.firstVisitGerman.gzipKB),
    },
    {
      figure: '1e. The page’s HTML (ours: the prerendered page and every locale’s words for it, as data)',
      ours: `${kb(ours.html.rawKB)} raw, **${kb(ours.html.gzipKB)} gzip**`,
      baseline: `${kb(baseline.html.rawKB)} raw, **${kb(baseline.html.gzipKB)} gzip**`,
      ratio: '—',
    },
    { figure: '2. Lighthouse mobile performance (median of 3)', ...lh((run) => run.score, String, true) },
    { figure: '2. LCP', ...lh((run) => run.lcpMs, ms) },
    { figure: '2. TBT', ...lh((run) => run.tbtMs, ms) },
    {
      figure: '2. LCP element — phone (desktop preset)',
      ours: `${ours.lighthouse.median.lcpElement} (${ours.lighthouse.desktop.lcpElement})`,
      baseline: `${baseline.lighthouse.median.lcpElement} (${baseline.lighthouse.desktop.lcpElement})`,
      ratio: '—',
    },
    {
      figure: '2. CLS',
      ours: ours.lighthouse.median.cls.toFixed(3),
      baseline: baseline.lighthouse.median.cls.toFixed(3),
      ratio: '—',
    },
    {
      figure: '2. Lighthouse in German (de-DE): score, LCP, TBT, CLS (median of 3)',
      ours: ours.lighthouse.german ? lighthouseCell(ours.lighthouse.german.median) : 'not run',
      baseline: 'not run',
      ratio: '—',
    },
    {
      figure:
        '3a. JSON-RPC calls per load, connected — cold cache (ours: one multicall, which also checks the build’s deployment facts; baseline: one read)',
      ours: rpcCell(ours.rpc.cold),
      baseline: rpcCell(baseline.rpc.cold),
      ratio: times(baseline.rpc.cold.total, ours.rpc.cold.total),
    },
    {
      figure: '3b. JSON-RPC calls per load, connected — warm cache',
      ours: rpcCell(ours.rpc.warm),
      baseline: rpcCell(baseline.rpc.warm),
      ratio: times(baseline.rpc.warm.total, ours.rpc.warm.total),
    },
    {
      figure: '4a. Position visible at 4× CPU — cold (median of 5)',
      ours: ms(ours.position.cold.medianMs),
      baseline: ms(baseline.position.cold.medianMs),
      ratio: times(baseline.position.cold.medianMs, ours.position.cold.medianMs),
    },
    {
      figure: '4b. Position visible at 4× CPU — persisted cache (median of 5)',
      ours: ms(ours.position.warm.medianMs),
      baseline: ms(baseline.position.warm.medianMs),
      ratio: times(baseline.position.warm.medianMs, ours.position.warm.medianMs),
    },
    {
      figure: '5a. Main thread per second, idle (ours ticks countdowns; the baseline shows none)',
      ours: `${ours.idle.mainThreadMsPerSecond.toFixed(2)} ms/s`,
      baseline: `${baseline.idle.mainThreadMsPerSecond.toFixed(2)} ms/s`,
      ratio: times(baseline.idle.mainThreadMsPerSecond, ours.idle.mainThreadMsPerSecond),
    },
    {
      figure: `5b. JS heap growth over ${Math.round(ours.idle.seconds)} s idle (after GC)`,
      ours: kb(ours.idle.heapGrowthKB),
      baseline: kb(baseline.idle.heapGrowthKB),
      ratio: '—',
    },
    {
      figure: '5c. JSON-RPC calls while idle',
      ours: String(ours.idle.rpcCalls),
      baseline: String(baseline.idle.rpcCalls),
      ratio: times(baseline.idle.rpcCalls, ours.idle.rpcCalls),
    },
    {
      figure: '6. Precache (service worker install)',
      ours: precache(ours.precache),
      baseline: precache(baseline.precache),
      ratio: ours.precache && baseline.precache ? times(baseline.precache.rawKB, ours.precache.rawKB) : '—',
    },
  ]
}

/** The performance targets, checked against our figures. */
export function checkTargets(
  ours: AppResults,
  baseline: AppResults,
  idleSeconds: number,
  idleFloor: number,
  idleRuns: number,
): Target[] {
  const lh = ours.lighthouse.median
  const firstRatio = baseline.js.firstVisit.gzipKB / ours.js.firstVisit.gzipKB
  const targets: Target[] = [
    {
      figure: 'JS first visit, not connected',
      target: '≤ 180 KB gzip and ≥ 3.5× less than baseline',
      value: `${kb(ours.js.firstVisit.gzipKB)}, ${firstRatio.toFixed(1)}×`,
      met: ours.js.firstVisit.gzipKB <= 180 && firstRatio >= 3.5,
    },
    {
      figure: 'JS first visit in German (de-DE), not connected',
      target: '≤ 180 KB gzip',
      value: kb(ours.js.firstVisitGerman.gzipKB),
      met: ours.js.firstVisitGerman.gzipKB <= 180,
    },
    {
      figure: 'JS returning connected holder',
      target: '≤ 350 KB gzip',
      value: kb(ours.js.returning.gzipKB),
      met: ours.js.returning.gzipKB <= 350,
    },
    { figure: 'Lighthouse mobile performance', target: '≥ 98', value: String(lh.score), met: lh.score >= 98 },
    { figure: 'LCP', target: '≤ 1500 ms', value: ms(lh.lcpMs), met: lh.lcpMs <= 1500 },
    { figure: 'TBT', target: '≤ 100 ms', value: ms(lh.tbtMs), met: lh.tbtMs <= 100 },
    { figure: 'CLS', target: '≤ 0.02', value: lh.cls.toFixed(3), met: lh.cls <= 0.02 },
    {
      figure: 'Lighthouse in German (de-DE)',
      target: 'the same: score ≥ 98, LCP ≤ 1500 ms, TBT ≤ 100 ms, CLS ≤ 0.02',
      value: ours.lighthouse.german ? lighthouseCell(ours.lighthouse.german.median) : 'not run',
      met:
        ours.lighthouse.german !== null &&
        ours.lighthouse.german.median.score >= 98 &&
        ours.lighthouse.german.median.lcpMs <= 1500 &&
        ours.lighthouse.german.median.tbtMs <= 100 &&
        ours.lighthouse.german.median.cls <= 0.02,
    },
    {
      figure: "eth_call for a holder's reads",
      target: '1 eth_call per holder refresh (warm load)',
      value: `${ours.rpc.warm.ethCalls} (cold load: ${ours.rpc.cold.ethCalls}, incl. the deployment read)`,
      met: ours.rpc.warm.ethCalls === 1,
    },
    {
      figure: 'RPC needed to show the position from a warm cache',
      target: '0',
      value: ours.rpc.warm.shownWhileRpcHeld ? '0 (shown while every RPC answer was held)' : 'not shown without RPC',
      met: ours.rpc.warm.shownWhileRpcHeld === true,
    },
    {
      figure: 'Polling while idle',
      target: '0 RPC calls',
      value: String(ours.idle.rpcCalls),
      met: ours.idle.rpcCalls === 0,
    },
    {
      figure: 'Cold position visible at 4× CPU',
      target: '≤ 1000 ms',
      value: ms(ours.position.cold.medianMs),
      met: ours.position.cold.medianMs <= 1000,
    },
    {
      figure: 'Cached position visible at 4× CPU',
      target: '≤ 1000 ms',
      value: ms(ours.position.warm.medianMs),
      met: ours.position.warm.medianMs <= 1000,
    },
    {
      figure: `Idle main-thread cost, median of ${idleRuns} runs`,
      target: `≤ the floor's + 0.5 ms/s (${(idleFloor + 0.5).toFixed(2)} ms/s; the floor: a bare page ticking one text)`,
      value: `${ours.idle.mainThreadMsPerSecond.toFixed(2)} ms/s (the baseline, which shows no countdown: ${baseline.idle.mainThreadMsPerSecond.toFixed(2)} ms/s)`,
      met: ours.idle.mainThreadMsPerSecond <= idleFloor + 0.5,
    },
    {
      figure: `Heap growth over ${idleSeconds} s idle`,
      target: '≤ 1 MB',
      value: kb(ours.idle.heapGrowthKB),
      met: ours.idle.heapGrowthKB <= 1024,
    },
  ]
  return targets
}

/** A cell as Markdown shows it: an element's HTML opening (`<p>`) as text, not as a tag. */
const inline = (cell: string) => cell.replaceAll('<', '&lt;')

export function markdown(results: Results): string {
  const lines = [
    '| Figure | Ours | Baseline (default RainbowKit) | Ours vs baseline |',
    '|---|---|---|---|',
    ...rows(results).map(
      (row) => `| ${row.figure} | ${inline(row.ours)} | ${inline(row.baseline)} | ${inline(row.ratio)} |`,
    ),
    '',
    '| Target | Goal | Ours | Met |',
    '|---|---|---|---|',
    ...results.targets.map(
      (target) => `| ${target.figure} | ${target.target} | ${target.value} | ${target.met ? 'yes' : '**no**'} |`,
    ),
  ]
  return lines.join('\n')
}

/** The same tables, aligned for a terminal. */
export function plainTable(results: Results): string {
  const table = (header: string[], body: string[][]) => {
    const widths = header.map((_, column) => Math.max(...[header, ...body].map((row) => (row[column] ?? '').length)))
    const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')
    return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n')
  }
  const strip = (text: string) => text.replaceAll('**', '')
  return [
    table(
      ['Figure', 'Ours', 'Baseline', 'Ours vs baseline'],
      rows(results).map((row) => [row.figure, strip(row.ours), strip(row.baseline), row.ratio]),
    ),
    '',
    table(
      ['Target', 'Goal', 'Ours', 'Met'],
      results.targets.map((target) => [target.figure, target.target, target.value, target.met ? 'yes' : 'NO']),
    ),
  ].join('\n')
}

/** The cold load's critical path and the idle trace, both apps, as Markdown lists. */
export function details(results: Results): string {
  const path = (app: AppResults) =>
    app.position.cold.path?.map((step) => `${step.what} ${ms(step.atMs)}`).join(' → ') ?? 'not recorded'
  const trace = (app: AppResults) => traceLines(app.idle.trace).join('; ')
  return [
    '**Cold position at 4× CPU, the median run’s path** (ms from navigation start):',
    '',
    `- ours: ${path(results.ours)}`,
    `- baseline: ${path(results.baseline)}`,
    '',
    `**One idle stretch traced** (${results.ours.idle.trace.seconds} s, main thread, the portal's median run with its frozen page and the floor traced over the same window; parts nest, so they can add up to more than the tasks):`,
    '',
    `- ours: ${trace(results.ours)}`,
    `- baseline: ${trace(results.baseline)}`,
    `- the portal's page frozen (below): ${traceLines(results.idleFrozenTrace).join('; ')}`,
    `- the floor (below): ${traceLines(results.idleFloorTrace).join('; ')}`,
    `- over the floor, by part (ms/s; the portal, then its page frozen): ${overFloorLines(results.ours.idle.trace, results.idleFrozenTrace, results.idleFloorTrace).join('; ')}`,
    '',
    `**The floor for a countdown that ticks**: a bare page, no app, whose only change is two digits turning each second, costs ${results.idleFloorMsPerSecond.toFixed(2)} ms/s of main thread in the same browser, measured like the apps over ${results.idleSeconds} s (median; runs ${results.idleRuns.floor.map((value) => value.toFixed(2)).join(', ')}; the portal's runs, each measured beside the floor's over the same window: ${results.idleRuns.ours.map((value) => value.toFixed(2)).join(', ')}).`,
    '',
    `**The portal's page frozen**: its document once its position shows, open beside the portal and the floor, with no script but one that ticks the countdown's seconds as the floor does, costs ${results.idleFrozenMsPerSecond.toFixed(2)} ms/s (median; runs ${results.idleRuns.frozen.map((value) => value.toFixed(2)).join(', ')}). Of the portal's ${(results.ours.idle.mainThreadMsPerSecond - results.idleFloorMsPerSecond).toFixed(2)} ms/s over the floor, the document's size takes ${(results.idleFrozenMsPerSecond - results.idleFloorMsPerSecond).toFixed(2)} and the app ${(results.ours.idle.mainThreadMsPerSecond - results.idleFrozenMsPerSecond).toFixed(2)}.`,
  ].join('\n')
}
