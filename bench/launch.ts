/**
 * `npm run bench:launch`: launch day. N holders (`BENCH_HOLDERS`, a comma-separated list of crowd sizes, default
 * 200,1000,5000; each size a run of its own) open the page at the same moment,
 * all against one RPC endpoint that serves 50 requests per second in total — the fault proxy's rate limit in front of
 * anvil, on a thread of its own so that the holders' work does not delay its answers. Every holder comes from the
 * same address and sends no `origin`/`x-forwarded-for` header, so the proxy counts them all as one client: one shared
 * budget, like a public RPC under load. Requests over it are answered 429.
 *
 * A holder is the app's read path driven in Node, not a browser page (`lib/launchHolders.ts`):
 * - the portal: its own transport (`rpcTransport`), the one multicall a cold load makes with the deployment's
 *   facts in the build (the holder's figures and the check of those facts), sent at once, and after a failed read on
 *   busy endpoints the page's jittered wait (`retryDelay`) before it retries;
 * - the baseline (`bench/baseline/`): viem's default `http()` and its one read of the position, retried as
 *   TanStack Query does by default (3 retries after 1, 2 and 4 s); after that the page shows "Loading..." for good.
 * Both clients batch calls through Multicall3 as wagmi's clients do. A holder sees the position when the read of
 * it succeeds; no holder is followed past 60 s. Requests are counted per holder in its thread's `fetch` (its URL
 * carries `?h=<index>`, which the proxy ignores), retries included. `fetch` also hides `Retry-After` from the
 * clients unless the proxy exposes it, as a browser does across origins; `BENCH_RETRY_AFTER=exposed` has it exposed.
 *
 * The holders run on `BENCH_WORKERS` worker threads (default: one per core but the one the proxy's thread needs), each
 * with its share of the crowd, all set off at one start time; the main thread only starts them and adds up what they
 * hand back. Beside each figure the bench prints its own limits: the event-loop delay of its main thread and of its
 * worst holder thread, and the CPU busy across all cores over the run. A run whose worst holder thread lagged, whose
 * CPU was full or whose requests timed out in the client says that the bench, not the app, was the limit
 * (`lib/launchStats.ts` has the thresholds). The portal runs `BENCH_LAUNCH_RUNS` times (default 3) at each crowd size
 * with a target and is judged on the median run, the one whose requests per holder are the median; the baseline, and
 * the portal at a size measured for scale, run once.
 * A benchmark, not a test: it prints figures and the target, it does not fail on them.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { type Address, getAddress, keccak256, slice, toHex } from 'viem'
import { readCommandLine } from './lib/cli.ts'
import { machineLine, writeFigures } from './lib/figures.ts'
import {
  type App,
  type HolderThreads,
  type LaunchContracts,
  startHolderThreads,
  type ThreadResult,
} from './lib/launchHolders.ts'
import {
  benchLimitReasons,
  CPU_BUSY_LIMIT_PERCENT,
  type CpuUse,
  cpuUse,
  type Delay,
  HOLDER_THREAD_DELAY_LIMIT_MS,
  medianRun,
  percentile,
  readCpuTimes,
  UNANSWERED_LIMIT_SHARE,
} from './lib/launchStats.ts'
import { type ProxyCounts, startProxyThread } from './lib/proxyWorker.ts'
import { ensureContracts, root, startChain } from './lib/stack.ts'

readCommandLine(
  'npm run bench:launch --',
  'Launch day: holders open the page at the same moment against one RPC serving 50 requests a second, the portal and the baseline app.',
  'BENCH_HOLDERS, crowd sizes separated by commas (default 200,1000,5000); BENCH_RETRY_AFTER=exposed lets the page read the RPC’s Retry-After (default hidden); BENCH_WORKERS, the threads the holders run on (default: the cores less one, at least 1); BENCH_LAUNCH_RUNS, runs of the portal at each crowd size with a target, judged on the median run (default 3).',
)

const CROWDS = (process.env.BENCH_HOLDERS ?? '200,1000,5000').split(',').map((size) => Number(size.trim()))
const THREADS = Number(process.env.BENCH_WORKERS ?? Math.max(1, cpus().length - 1))
const RUNS = Number(process.env.BENCH_LAUNCH_RUNS ?? 3)
const PER_SECOND = 50
const RETRY_AFTER_EXPOSED = process.env.BENCH_RETRY_AFTER === 'exposed'
const FOLLOW_MS = 60_000
const PAUSE_MS = 3_000
/** Time between the start message and the start: ample for an idle thread to take the message and set its timer. */
const START_LEAD_MS = 500

/** What the portal must reach at each crowd size; a size without one is measured for scale only. */
type Target = { within30s: boolean; requestsPerHolder: number; p95Seconds?: number }
const TARGETS: Record<number, Target> = {
  200: { within30s: true, requestsPerHolder: 2, p95Seconds: 6 },
  1000: { within30s: true, requestsPerHolder: 3 },
}
const targetText = (target: Target | undefined) =>
  target
    ? [
        'all within 30 s',
        `≤ ${target.requestsPerHolder.toFixed(1)} requests each`,
        ...(target.p95Seconds ? [`p95 ≤ ${target.p95Seconds} s`] : []),
        ...(RUNS > 1 ? [`median of ${RUNS}`] : []),
      ].join(', ')
    : 'none (scale)'

/** The bench's own load over one run: the figures it prints beside the app's, and what it concludes from them. */
type BenchFigures = {
  holderThreads: number
  mainEventLoopDelayMs: Delay
  holderThreadEventLoopDelayMs: Delay[]
  worstHolderThread: Delay
  lateStartMs: number
  cpu: CpuUse
  loadavg: number[]
  /** Why the bench rather than the app was the limit; empty if the app was. */
  limitedBy: string[]
}

type RunFigures = {
  app: App
  holders: number
  within10s: number
  within30s: number
  seenBy60s: number
  secondsToPosition: { p50: number | null; p95: number | null; max: number | null }
  requestsPerHolder: { mean: number; max: number }
  proxyRequests: number
  proxy429: number
  unanswered: { count: number; bySecond10: number[] }
  ends: Record<string, number>
  bench: BenchFigures
}

/** One column of the table: a crowd and an app, one run or several judged on their median run. */
type Column = { app: App; holders: number; runs: RunFigures[]; median: RunFigures; targetMet: boolean | null }

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The holder's addresses: any address can be read (a zero position is a position too). */
function holderAddresses(count: number): Address[] {
  return Array.from({ length: count }, (_, index) => getAddress(slice(keccak256(toHex(`holder-${index}`)), 12)))
}

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10)
const delayOf = (histogram: { percentile: (p: number) => number; max: number }): Delay => ({
  p99: Math.round(histogram.percentile(99) / 1e6),
  max: Math.round(histogram.max / 1e6),
})

function targetMet(target: Target | undefined, run: RunFigures): boolean | null {
  if (!target) return null
  const p95 = run.secondsToPosition.p95
  return (
    run.within30s === run.holders &&
    run.requestsPerHolder.mean <= target.requestsPerHolder &&
    (target.p95Seconds === undefined || (p95 !== null && p95 <= target.p95Seconds))
  )
}

/** What one run measured: the threads' results, what the proxy answered, the main thread's delay and the CPU. */
type Measured = { results: ThreadResult[]; proxied: ProxyCounts; mainEventLoopDelayMs: Delay; cpu: CpuUse }

async function measure(
  app: App,
  contracts: LaunchContracts,
  upstream: string,
  addresses: Address[],
): Promise<Measured> {
  const proxy = await startProxyThread({
    upstream,
    faults: { rateLimit: { perSecond: PER_SECOND, exposeRetryAfter: RETRY_AFTER_EXPOSED } },
  })
  let threads: HolderThreads | undefined
  try {
    threads = await startHolderThreads({ app, contracts, url: proxy.url, addresses, followMs: FOLLOW_MS }, THREADS)
    const eventLoop = monitorEventLoopDelay({ resolution: 20 })
    const startAt = Date.now() + START_LEAD_MS
    const [results, cpuAtStart] = await Promise.all([
      threads.start(startAt),
      sleep(startAt - Date.now()).then(() => {
        eventLoop.enable()
        return readCpuTimes()
      }),
    ])
    eventLoop.disable()
    const cpu = cpuUse(cpuAtStart, readCpuTimes())
    await threads.stop()
    return { results, proxied: await proxy.stop(), mainEventLoopDelayMs: delayOf(eventLoop), cpu }
  } finally {
    await threads?.stop()
    await proxy.stop()
  }
}

async function run(app: App, contracts: LaunchContracts, upstream: string, addresses: Address[]): Promise<RunFigures> {
  const { results, proxied, mainEventLoopDelayMs, cpu } = await measure(app, contracts, upstream, addresses)
  const outcomes = results.flatMap((result) => result.outcomes)
  const unanswered = results.flatMap((result) => result.unansweredMs)
  const seen = outcomes.flatMap((outcome) => (outcome.seenMs === null ? [] : [outcome.seenMs])).sort((a, b) => a - b)
  const requests = outcomes.map((outcome) => outcome.requests)
  const ends: Record<string, number> = {}
  for (const { end } of outcomes) if (end) ends[end] = (ends[end] ?? 0) + 1
  const counted = requests.reduce((sum, count) => sum + count, 0)
  // A request can time out in the client and still be answered by the proxy later, never the other way round.
  if (counted < proxied.requests) console.warn(`${app}: the proxy saw more requests than were counted`)
  const bySecond10 = Array.from({ length: FOLLOW_MS / 10_000 + 1 }, () => 0)
  for (const at of unanswered) {
    const bucket = Math.min(bySecond10.length - 1, Math.max(0, Math.floor(at / 10_000)))
    bySecond10[bucket] = (bySecond10[bucket] ?? 0) + 1
  }
  const holderDelays = results.map((result) => result.eventLoopDelayMs)
  const worstHolderThread = holderDelays.reduce((worst, delay) => (delay.p99 > worst.p99 ? delay : worst))
  return {
    app,
    holders: addresses.length,
    within10s: seen.filter((ms) => ms <= 10_000).length,
    within30s: seen.filter((ms) => ms <= 30_000).length,
    seenBy60s: seen.length,
    secondsToPosition: {
      p50: seconds(percentile(seen, 50)),
      p95: seconds(percentile(seen, 95)),
      max: seconds(seen.at(-1) ?? null),
    },
    requestsPerHolder: { mean: Math.round((counted / requests.length) * 100) / 100, max: Math.max(...requests) },
    proxyRequests: proxied.requests,
    proxy429: proxied.refused429,
    unanswered: { count: unanswered.length, bySecond10 },
    ends,
    bench: {
      holderThreads: results.length,
      mainEventLoopDelayMs,
      holderThreadEventLoopDelayMs: holderDelays,
      worstHolderThread,
      lateStartMs: Math.max(...results.map((result) => result.lateStartMs)),
      cpu,
      loadavg: loadavg().map((load) => Math.round(load * 100) / 100),
      limitedBy: benchLimitReasons({ worstHolderThread, cpu, unanswered: unanswered.length, requests: counted }),
    },
  }
}

/** The runs of one column, one after the other with a pause between them, each reported as it ends. */
async function runColumn(
  app: App,
  runs: number,
  contracts: LaunchContracts,
  upstream: string,
  addresses: Address[],
): Promise<Column> {
  const figures: RunFigures[] = []
  for (let index = 0; index < runs; index++) {
    const figure = await run(app, contracts, upstream, addresses)
    figures.push(figure)
    const limit =
      figure.bench.limitedBy.length === 0 ? `the ${app}` : `the bench (${figure.bench.limitedBy.join('; ')})`
    console.log(
      `  ${app}, run ${index + 1} of ${runs}: ${figure.requestsPerHolder.mean.toFixed(2)} requests per holder, ${figure.within30s} within 30 s, p95 ${figure.secondsToPosition.p95} s; limit: ${limit}`,
    )
    await sleep(PAUSE_MS)
  }
  const median = medianRun(figures, (figure) => figure.requestsPerHolder.mean)
  const met = app === 'portal' ? targetMet(TARGETS[addresses.length], median) : null
  return { app, holders: addresses.length, runs: figures, median, targetMet: met }
}

/** Of a column's runs, the worst of a figure: the bench's limits are shown for its worst run. */
const worst = (column: Column, value: (bench: BenchFigures) => number) =>
  Math.max(...column.runs.map((figure) => value(figure.bench)))

function limitText(column: Column): string {
  const reasons = column.runs.flatMap((figure, index) =>
    figure.bench.limitedBy.map((reason) => (column.runs.length > 1 ? `run ${index + 1}: ${reason}` : reason)),
  )
  return reasons.length === 0 ? `the ${column.app}` : `**the bench** (${reasons.join('; ')})`
}

function tableRows(columns: Column[]): string[][] {
  const row = (label: string, cell: (column: Column, median: RunFigures) => string) => [
    label,
    ...columns.map((column) => cell(column, column.median)),
  ]
  return [
    row('Holders →', (c) => `${c.holders}: ${c.app}${c.runs.length > 1 ? ` (median of ${c.runs.length} runs)` : ''}`),
    row('Position seen within 10 s', (_, m) => String(m.within10s)),
    row('Position seen within 30 s', (_, m) => String(m.within30s)),
    row('Position seen within 60 s', (_, m) => String(m.seenBy60s)),
    row('Time to position p50 / p95 / max (s)', (_, m) =>
      [m.secondsToPosition.p50, m.secondsToPosition.p95, m.secondsToPosition.max].join(' / '),
    ),
    row('HTTP requests per holder, mean (each run)', (c, m) => {
      const each =
        c.runs.length > 1 ? ` (${c.runs.map((figure) => figure.requestsPerHolder.mean.toFixed(2)).join(', ')})` : ''
      return `${m.requestsPerHolder.mean.toFixed(2)}${each}`
    }),
    row('HTTP requests per holder, max', (_, m) => String(m.requestsPerHolder.max)),
    row('RPC: requests / answered 429', (_, m) => `${m.proxyRequests} / ${m.proxy429}`),
    row('Requests with no answer (client timeout)', (_, m) => String(m.unanswered.count)),
    row(
      'Holders without a position',
      (_, m) =>
        Object.entries(m.ends)
          .map(([end, count]) => `${count} ${end}`)
          .join(', ') || '0',
    ),
    row(
      'Bench main thread event-loop delay p99 / max (ms)',
      (c) => `${worst(c, (b) => b.mainEventLoopDelayMs.p99)} / ${worst(c, (b) => b.mainEventLoopDelayMs.max)}`,
    ),
    row(
      'Bench holder threads, worst, event-loop delay p99 / max (ms)',
      (c) => `${worst(c, (b) => b.worstHolderThread.p99)} / ${worst(c, (b) => b.worstHolderThread.max)}`,
    ),
    row('CPU busy over the run, all cores', (c) => {
      const from = c.runs.some((figure) => figure.bench.cpu.from === 'load average') ? ' (from load average)' : ''
      return `${worst(c, (b) => b.cpu.busyPercent)} %${from}`
    }),
    row('Limit', limitText),
    row('Portal target', (c) => (c.app === 'portal' ? targetText(TARGETS[c.holders]) : '—')),
    row('Met', (c) => (c.app !== 'portal' || c.targetMet === null ? '—' : c.targetMet ? 'yes' : '**no**')),
  ]
}

function print(columns: Column[]): void {
  const rows = tableRows(columns).map((row) => row.map((cell) => cell.replaceAll('**', '')))
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '))
}

function markdown(columns: Column[]): string {
  const [header = [], ...body] = tableRows(columns)
  const threads = Math.max(...columns.flatMap((column) => column.runs.map((figure) => figure.bench.holderThreads)))
  return [
    `Every holder opens the page in the same moment; one RPC endpoint serves ${PER_SECOND} requests a second in all and answers the rest 429 with ${RETRY_AFTER_EXPOSED ? 'a `Retry-After: 1` exposed to the page' : 'a `Retry-After` the page cannot read'}. Each holder is followed for ${FOLLOW_MS / 1000} s.`,
    '',
    `The holders run on ${threads} worker thread${threads === 1 ? '' : 's'}, the RPC proxy on one of its own. A column of several runs shows its median run (by requests per holder), with every run's requests per holder in brackets; its bench rows show its worst run. The bench was the limit when a holder thread's event-loop delay p99 passed ${HOLDER_THREAD_DELAY_LIMIT_MS} ms, the CPU was over ${CPU_BUSY_LIMIT_PERCENT} % busy, or over ${UNANSWERED_LIMIT_SHARE * 100} % of requests timed out in the client.`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...body.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n')
}

const positiveInteger = (value: number) => Number.isInteger(value) && value >= 1

async function main(): Promise<void> {
  if (!CROWDS.every(positiveInteger)) {
    throw new Error('BENCH_HOLDERS must be positive integers separated by commas, e.g. 200,1000.')
  }
  if (!positiveInteger(THREADS)) throw new Error('BENCH_WORKERS must be a positive integer.')
  if (!positiveInteger(RUNS)) throw new Error('BENCH_LAUNCH_RUNS must be a positive integer.')
  if (!['exposed', 'hidden', undefined].includes(process.env.BENCH_RETRY_AFTER)) {
    throw new Error('BENCH_RETRY_AFTER must be "exposed" or "hidden" (the default).')
  }
  const loadAtStart = loadavg()[0] ?? 0
  await ensureContracts()
  const chain = await startChain()
  try {
    const { chainId, token, vesting, legacyClaim, multicall3 } = chain.deployment
    const contracts: LaunchContracts = { chainId, token, vesting, legacyClaim, multicall3 }
    const upstream = chain.anvil.rpcUrl
    const columns: Column[] = []
    for (const size of CROWDS) {
      const addresses = holderAddresses(size)
      console.log(
        `${size} holders open the page at once on ${Math.min(THREADS, size)} thread(s); one RPC serving ${PER_SECOND} requests per second in all.`,
      )
      columns.push(await runColumn('portal', TARGETS[size] ? RUNS : 1, contracts, upstream, addresses))
      columns.push(await runColumn('baseline', 1, contracts, upstream, addresses))
    }
    print(columns)
    const results = join(root, 'bench/results')
    mkdirSync(results, { recursive: true })
    const report = {
      date: new Date().toISOString(),
      rpcPerSecond: PER_SECOND,
      holderThreads: THREADS,
      runsPerTargetSize: RUNS,
      limits: {
        holderThreadDelayP99Ms: HOLDER_THREAD_DELAY_LIMIT_MS,
        cpuBusyPercent: CPU_BUSY_LIMIT_PERCENT,
        unansweredShare: UNANSWERED_LIMIT_SHARE,
      },
      columns: columns.map(({ median, ...column }) => ({ ...column, medianRun: column.runs.indexOf(median) + 1 })),
    }
    writeFileSync(join(results, 'launch.json'), `${JSON.stringify(report, null, 2)}\n`)
    console.log('Written to bench/results/launch.json')
    writeFigures('launch', markdown(columns), machineLine(loadAtStart))
  } finally {
    await chain.anvil.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
