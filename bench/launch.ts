/**
 * `npm run bench:launch`: launch day. N holders (`BENCH_HOLDERS`, a comma-separated list of crowd sizes, default
 * 200,1000,5000; each size a run of its own) open the page at the same moment,
 * all against one RPC endpoint that serves 50 requests per second in total — the fault proxy's rate limit in front of
 * anvil, on a thread of its own so that the holders' work does not delay its answers. Every holder comes from the
 * same address and sends no `origin`/`x-forwarded-for` header, so the proxy counts them all as one client: one shared
 * budget, like a public RPC under load. Requests over it are answered 429.
 *
 * A holder is the app's read path driven in Node, not a browser page:
 * - the portal: its own transport (`rpcTransport`), the one multicall a cold load makes with the deployment's
 *   facts in the build (the holder's figures and the check of those facts), sent at once, and after a failed read on
 *   busy endpoints the page's jittered wait (`retryDelay`) before it retries;
 * - the baseline (`bench/baseline/`): viem's default `http()` and its one read of the position, retried as
 *   TanStack Query does by default (3 retries after 1, 2 and 4 s); after that the page shows "Loading..." for good.
 * Both clients batch calls through Multicall3 as wagmi's clients do. A holder sees the position when the read of
 * it succeeds; no holder is followed past 60 s. Requests are counted per holder in `fetch` (each holder's URL
 * carries `?h=<index>`, which the proxy ignores), retries included. `fetch` also hides `Retry-After` from the
 * clients unless the proxy exposes it, as a browser does across origins; `BENCH_RETRY_AFTER=exposed` has it exposed.
 * A benchmark, not a test: it prints figures and the target, it does not fail on them.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import {
  type Address,
  createPublicClient,
  defineChain,
  erc20Abi,
  getAddress,
  http,
  keccak256,
  slice,
  toHex,
  type Chain as ViemChain,
} from 'viem'
import type { DemoDeployment } from '../scripts/lib/seed.ts'
import { legacyClaimAbi, multicall3Abi, vestingAbi } from '../src/generated.ts'
import { isEndpointFailure } from '../src/lib/errors.ts'
import { retryDelay } from '../src/lib/retry.ts'
import { rpcTransport } from '../src/wallet/rpcTransport.ts'
import { readCommandLine } from './lib/cli.ts'
import { machineLine, writeFigures } from './lib/figures.ts'
import { startProxyThread } from './lib/proxyWorker.ts'
import { ensureContracts, root, startChain } from './lib/stack.ts'

readCommandLine(
  'npm run bench:launch --',
  'Launch day: holders open the page at the same moment against one RPC serving 50 requests a second, the portal and the baseline app.',
  'BENCH_HOLDERS, crowd sizes separated by commas (default 200,1000,5000); BENCH_RETRY_AFTER=exposed lets the page read the RPC’s Retry-After (default hidden).',
)

const CROWDS = (process.env.BENCH_HOLDERS ?? '200,1000,5000').split(',').map((size) => Number(size.trim()))
const PER_SECOND = 50
const RETRY_AFTER_EXPOSED = process.env.BENCH_RETRY_AFTER === 'exposed'
const FOLLOW_MS = 60_000
const PAUSE_MS = 3_000

/** What the portal must reach at each crowd size; a size without one is measured for scale only. */
type Target = { within30s: boolean; requestsPerHolder: number; p95Seconds?: number }
const TARGETS: Record<number, Target> = {
  200: { within30s: true, requestsPerHolder: 2, p95Seconds: 6 },
  1000: { within30s: true, requestsPerHolder: 2.5 },
}
const targetText = (target: Target | undefined) =>
  target
    ? [
        'all within 30 s',
        `≤ ${target.requestsPerHolder} requests each`,
        ...(target.p95Seconds ? [`p95 ≤ ${target.p95Seconds} s`] : []),
      ].join(', ')
    : 'none (scale)'

type App = 'portal' | 'baseline'
type Outcome = { seenMs: number | null; requests: number; end?: 'gave up' | 'still retrying at 60 s' }

/** The holder's page would still retry, but after the 60 s the run follows it. */
class FollowEnded extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The holder's addresses: any address can be read (a zero position is a position too). */
function holderAddresses(count: number): Address[] {
  return Array.from({ length: count }, (_, index) => getAddress(slice(keccak256(toHex(`holder-${index}`)), 12)))
}

/** HTTP requests per holder of the current run, by the `h` query parameter of the URL. */
let requestCounts: number[] = []
/** When (ms since `runStart`) each request of the current run got no answer (timed out or failed in the client). */
let unanswered: number[] = []
let runStart = 0

/** Counts the holders' requests, and shows them responses as a browser would across origins. */
function installCountingFetch(): void {
  const nodeFetch = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const holder = url.searchParams.get('h')
    if (holder === null) return nodeFetch(input, init) // not a holder's
    requestCounts[Number(holder)] = (requestCounts[Number(holder)] ?? 0) + 1
    const response = await nodeFetch(input, init).catch((error: unknown) => {
      unanswered.push(Date.now() - runStart)
      throw error
    })
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase()
    if (!response.headers.has('retry-after') || exposed.includes('retry-after')) return response
    const headers = new Headers(response.headers)
    headers.delete('retry-after')
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}

function chainFor(deployment: DemoDeployment, url: string): ViemChain {
  return defineChain({
    id: deployment.chainId,
    name: 'Local (anvil)',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
    contracts: { multicall3: { address: deployment.multicall3, blockCreated: 0 } },
  })
}

/** The portal's busy retry: after a read failed on busy endpoints, wait as the page does (`retryDelay`), read again. */
async function withBusyRetry<T>(read: () => Promise<T>, deadline: number): Promise<T> {
  for (let failures = 1; ; failures++) {
    try {
      return await read()
    } catch (error) {
      if (!isEndpointFailure(error)) throw error
      const wait = retryDelay(failures, error)
      if (Date.now() + wait > deadline) throw new FollowEnded()
      await sleep(wait)
    }
  }
}

/** TanStack Query's default in a browser: 3 retries, after min(1000 · 2^n, 30 000) ms. */
async function withQueryRetry<T>(read: () => Promise<T>, deadline: number): Promise<T> {
  for (let failureCount = 0; ; failureCount++) {
    try {
      return await read()
    } catch (error) {
      if (failureCount >= 3) throw error
      const wait = Math.min(1_000 * 2 ** failureCount, 30_000)
      if (Date.now() + wait > deadline) throw new FollowEnded()
      await sleep(wait)
    }
  }
}

/**
 * One cold load of the portal, built with the deployment's facts: the holder's figures and the check of those facts
 * in one multicall.
 */
function portalPage(deployment: DemoDeployment, url: string, holder: Address) {
  const client = createPublicClient({
    chain: chainFor(deployment, url),
    transport: rpcTransport([url]),
    batch: { multicall: true },
  })
  const vesting = { address: deployment.vesting, abi: vestingAbi } as const
  const legacy = { address: deployment.legacyClaim, abi: legacyClaimAbi } as const
  const multicall3 = { address: deployment.multicall3, abi: multicall3Abi } as const
  const token = deployment.token
  return async (deadline: number) => {
    await withBusyRetry(
      () =>
        client.multicall({
          allowFailure: false,
          contracts: [
            { ...vesting, functionName: 'claimByOwner', args: [holder] },
            { ...legacy, functionName: 'claimByOwner', args: [holder] },
            { ...vesting, functionName: 'totalBurned' },
            { address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] },
            { address: token, abi: erc20Abi, functionName: 'symbol' },
            { address: token, abi: erc20Abi, functionName: 'decimals' },
            { ...multicall3, functionName: 'getCurrentBlockTimestamp' },
            { ...vesting, functionName: 'everAllocated', args: [holder] },
            { ...legacy, functionName: 'everAllocated', args: [holder] },
            { ...vesting, functionName: 'token' },
            { ...vesting, functionName: 'claimStart' },
            { ...vesting, functionName: 'claimEnd' },
            { ...vesting, functionName: 'unlockStart' },
            { ...vesting, functionName: 'unlockEnd' },
            { ...legacy, functionName: 'claimStart' },
          ],
        }),
      deadline,
    )
  }
}

/** One load of the baseline app: its one read of the position (`useReadContract` on wagmi's default client). */
function baselinePage(deployment: DemoDeployment, url: string, holder: Address) {
  const client = createPublicClient({ chain: chainFor(deployment, url), transport: http(), batch: { multicall: true } })
  return async (deadline: number) => {
    await withQueryRetry(
      () =>
        client.readContract({
          address: deployment.vesting,
          abi: vestingAbi,
          functionName: 'claimByOwner',
          args: [holder],
        }),
      deadline,
    )
  }
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
  eventLoopDelayMs: { p99: number; max: number }
  loadavg: number[]
  targetMet: boolean | null
}

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null
}

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10)

function targetMet(
  target: Target | undefined,
  figures: { allWithin30s: boolean; mean: number; p95Seconds: number | null },
): boolean | null {
  if (!target) return null
  return (
    figures.allWithin30s &&
    figures.mean <= target.requestsPerHolder &&
    (target.p95Seconds === undefined || (figures.p95Seconds !== null && figures.p95Seconds <= target.p95Seconds))
  )
}

async function run(app: App, deployment: DemoDeployment, upstream: string, addresses: Address[]): Promise<RunFigures> {
  const proxy = await startProxyThread({
    upstream,
    faults: { rateLimit: { perSecond: PER_SECOND, exposeRetryAfter: RETRY_AFTER_EXPOSED } },
  })
  try {
    requestCounts = addresses.map(() => 0)
    unanswered = []
    const eventLoop = monitorEventLoopDelay({ resolution: 20 })
    const open = app === 'portal' ? portalPage : baselinePage
    const pages = addresses.map((holder, index) => open(deployment, `${proxy.url}/?h=${index}`, holder))
    const start = Date.now()
    runStart = start
    const deadline = start + FOLLOW_MS
    eventLoop.enable()
    const outcomes: Outcome[] = await Promise.all(
      pages.map(async (page, index): Promise<Outcome> => {
        try {
          await page(deadline)
          const seenMs = Date.now() - start
          return { seenMs: seenMs <= FOLLOW_MS ? seenMs : null, requests: requestCounts[index] ?? 0 }
        } catch (error) {
          const end = error instanceof FollowEnded ? 'still retrying at 60 s' : 'gave up'
          return { seenMs: null, requests: requestCounts[index] ?? 0, end }
        }
      }),
    )
    eventLoop.disable()
    const proxied = await proxy.stop()
    const seen = outcomes.flatMap((outcome) => (outcome.seenMs === null ? [] : [outcome.seenMs])).sort((a, b) => a - b)
    const requests = outcomes.map((outcome) => outcome.requests)
    const ends: Record<string, number> = {}
    for (const { end } of outcomes) if (end) ends[end] = (ends[end] ?? 0) + 1
    const mean = requests.reduce((sum, count) => sum + count, 0) / requests.length
    const counted = requests.reduce((sum, count) => sum + count, 0)
    // A request can time out in the client and still be answered by the proxy later, never the other way round.
    if (counted < proxied.requests) console.warn(`${app}: the proxy saw more requests than were counted`)
    const bySecond10 = Array.from({ length: FOLLOW_MS / 10_000 + 1 }, () => 0)
    for (const at of unanswered) {
      const bucket = Math.min(bySecond10.length - 1, Math.floor(at / 10_000))
      bySecond10[bucket] = (bySecond10[bucket] ?? 0) + 1
    }
    const within30s = seen.filter((ms) => ms <= 30_000).length
    return {
      app,
      holders: addresses.length,
      within10s: seen.filter((ms) => ms <= 10_000).length,
      within30s,
      seenBy60s: seen.length,
      secondsToPosition: {
        p50: seconds(percentile(seen, 50)),
        p95: seconds(percentile(seen, 95)),
        max: seconds(seen.at(-1) ?? null),
      },
      requestsPerHolder: { mean: Math.round(mean * 100) / 100, max: Math.max(...requests) },
      proxyRequests: proxied.requests,
      proxy429: proxied.refused429,
      unanswered: { count: unanswered.length, bySecond10 },
      ends,
      eventLoopDelayMs: { p99: Math.round(eventLoop.percentile(99) / 1e6), max: Math.round(eventLoop.max / 1e6) },
      loadavg: loadavg().map((load) => Math.round(load * 100) / 100),
      targetMet: targetMet(TARGETS[addresses.length], {
        allWithin30s: within30s === addresses.length,
        mean,
        p95Seconds: seconds(percentile(seen, 95)),
      }),
    }
  } finally {
    await proxy.stop()
  }
}

function tableRows(runs: RunFigures[]): string[][] {
  return [
    ['Holders →', ...runs.map((f) => `${f.holders}: ${f.app === 'portal' ? 'portal' : 'baseline'}`)],
    ['Position seen within 10 s', ...runs.map((f) => String(f.within10s))],
    ['Position seen within 30 s', ...runs.map((f) => String(f.within30s))],
    ['Position seen within 60 s', ...runs.map((f) => String(f.seenBy60s))],
    [
      'Time to position p50 / p95 / max (s)',
      ...runs.map((f) => [f.secondsToPosition.p50, f.secondsToPosition.p95, f.secondsToPosition.max].join(' / ')),
    ],
    [
      'HTTP requests per holder, mean / max',
      ...runs.map((f) => `${f.requestsPerHolder.mean} / ${f.requestsPerHolder.max}`),
    ],
    ['RPC: requests / answered 429', ...runs.map((f) => `${f.proxyRequests} / ${f.proxy429}`)],
    ['Requests with no answer (client timeout)', ...runs.map((f) => String(f.unanswered.count))],
    [
      'Holders without a position',
      ...runs.map(
        (f) =>
          Object.entries(f.ends)
            .map(([end, count]) => `${count} ${end}`)
            .join(', ') || '0',
      ),
    ],
    [
      'Bench event-loop delay p99 / max (ms)',
      ...runs.map((f) => `${f.eventLoopDelayMs.p99} / ${f.eventLoopDelayMs.max}`),
    ],
    ['Load average after the run (1 min)', ...runs.map((f) => String(f.loadavg[0] ?? ''))],
    ['Portal target', ...runs.map((f) => (f.app === 'portal' ? targetText(TARGETS[f.holders]) : '—'))],
    ['Met', ...runs.map((f) => (f.app !== 'portal' || f.targetMet === null ? '—' : f.targetMet ? 'yes' : '**no**'))],
  ]
}

function print(runs: RunFigures[]): void {
  const rows = tableRows(runs).map((row) => row.map((cell) => cell.replaceAll('**', '')))
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '))
}

function markdown(runs: RunFigures[]): string {
  const [header = [], ...body] = tableRows(runs)
  return [
    `Every holder opens the page in the same moment; one RPC endpoint serves ${PER_SECOND} requests a second in all and answers the rest 429 with ${RETRY_AFTER_EXPOSED ? 'a `Retry-After: 1` exposed to the page' : 'a `Retry-After` the page cannot read'}. Each holder is followed for ${FOLLOW_MS / 1000} s.`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...body.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n')
}

async function main(): Promise<void> {
  if (CROWDS.some((size) => !Number.isInteger(size) || size < 1)) {
    throw new Error('BENCH_HOLDERS must be positive integers separated by commas, e.g. 200,1000.')
  }
  if (!['exposed', 'hidden', undefined].includes(process.env.BENCH_RETRY_AFTER)) {
    throw new Error('BENCH_RETRY_AFTER must be "exposed" or "hidden" (the default).')
  }
  const loadAtStart = loadavg()[0] ?? 0
  await ensureContracts()
  installCountingFetch()
  const chain = await startChain()
  try {
    const runs: RunFigures[] = []
    for (const size of CROWDS) {
      const addresses = holderAddresses(size)
      console.log(`${size} holders open the page at once; one RPC serving ${PER_SECOND} requests per second in all.`)
      runs.push(await run('portal', chain.deployment, chain.anvil.rpcUrl, addresses))
      await sleep(PAUSE_MS)
      runs.push(await run('baseline', chain.deployment, chain.anvil.rpcUrl, addresses))
      await sleep(PAUSE_MS)
    }
    print(runs)
    const results = join(root, 'bench/results')
    mkdirSync(results, { recursive: true })
    const report = { date: new Date().toISOString(), rpcPerSecond: PER_SECOND, runs }
    writeFileSync(join(results, 'launch.json'), `${JSON.stringify(report, null, 2)}\n`)
    console.log('Written to bench/results/launch.json')
    writeFigures('launch', markdown(runs), machineLine(loadAtStart))
  } finally {
    await chain.anvil.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
