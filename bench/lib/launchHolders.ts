/**
 * The launch bench's holders, run on worker threads: thousands of holders on one event loop make that loop, not the
 * app, what a crowd waits for. Each thread drives its share of the crowd: it counts its holders' requests in its own
 * `fetch`, hides `Retry-After` from them as a browser does across origins, follows each holder for a set time and
 * hands back their outcomes, the times its requests got no answer and its own event-loop delay.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { type MessagePort, parentPort, Worker, workerData } from 'node:worker_threads'
import { type Address, createPublicClient, defineChain, erc20Abi, http, type Chain as ViemChain } from 'viem'
import type { DemoDeployment } from '../../scripts/lib/seed.ts'
import { legacyClaimAbi, multicall3Abi, vestingAbi } from '../../src/generated.ts'
import { isEndpointFailure } from '../../src/lib/errors.ts'
import { retryDelay } from '../../src/lib/retry.ts'
import { rpcTransport } from '../../src/wallet/rpcTransport.ts'
import type { Delay } from './launchStats.ts'

export type App = 'portal' | 'baseline'
/** The deployment's contracts a holder reads: all a thread needs of it. */
export type LaunchContracts = Pick<DemoDeployment, 'chainId' | 'token' | 'vesting' | 'legacyClaim' | 'multicall3'>
/** One holder: when (ms after the start) the position showed, if it did in time, and HTTP requests sent. */
export type Outcome = { seenMs: number | null; requests: number; end?: 'gave up' | 'still retrying at 60 s' }
/** What a holder thread hands back at the end of a run. */
export type ThreadResult = {
  outcomes: Outcome[]
  /** When (ms after the start) each of its requests got no answer (timed out or failed in the client). */
  unansweredMs: number[]
  eventLoopDelayMs: Delay
  /** How long after the common start its holders set off: its event loop's lag at the start. */
  lateStartMs: number
}
export type Crowd = {
  app: App
  contracts: LaunchContracts
  /** The RPC proxy's URL; each holder adds `?h=<index>`, which the proxy ignores. */
  url: string
  addresses: readonly Address[]
  followMs: number
}
export type HolderThreads = {
  /** Sets every holder off at `startAt` (a `Date.now()` time) and resolves with each thread's result. */
  start: (startAt: number) => Promise<ThreadResult[]>
  /** Ends every thread (the same promise if called again). */
  stop: () => Promise<void>
}

/** A thread's share of the crowd: the holders from the `first`-th on. */
type Share = Crowd & { kind: 'launch-holders'; first: number }
type FromThread = { ready: true } | { result: ThreadResult }

/**
 * Starts `threads` holder threads, each with its share of `crowd` (contiguous, sizes within one of each other), and
 * resolves once every one has loaded and built its holders' clients, so that none is still loading at the start.
 */
export async function startHolderThreads(crowd: Crowd, threads: number): Promise<HolderThreads> {
  const count = Math.max(1, Math.min(threads, crowd.addresses.length))
  const bounds = Array.from({ length: count + 1 }, (_, index) => Math.floor((index * crowd.addresses.length) / count))
  // A thread does not inherit tsx's loader: it registers it, then loads this TypeScript file.
  const load = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}) })`
  const workers = bounds.slice(0, -1).map((first, index) => {
    const share: Share = {
      ...crowd,
      kind: 'launch-holders',
      first,
      addresses: crowd.addresses.slice(first, bounds[index + 1]),
    }
    return new Worker(load, { eval: true, workerData: share })
  })
  const next = (worker: Worker) =>
    new Promise<FromThread>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
      worker.once('exit', (code) =>
        reject(new Error(`A holder thread stopped (exit code ${code}) before it answered.`)),
      )
    })
  let stopped: Promise<void> | undefined
  const stop = () => {
    stopped ??= Promise.all(workers.map((worker) => worker.terminate())).then(() => undefined)
    return stopped
  }
  try {
    await Promise.all(workers.map(next))
  } catch (error) {
    await stop()
    throw error
  }
  return {
    start: async (startAt) => {
      const answers = workers.map(next)
      for (const worker of workers) worker.postMessage(startAt)
      return (await Promise.all(answers)).map((answer) => {
        if (!('result' in answer)) throw new Error('A holder thread answered out of turn.')
        return answer.result
      })
    },
    stop,
  }
}

/** The holder's page would still retry, but after the follow time the run stops following it. */
class FollowEnded extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Counts the thread's holders' requests (`counts[h - first]`, by the `h` query parameter), notes when one got no
 * answer, and shows holders responses as a browser would across origins: `Retry-After` only if the proxy exposes it.
 */
function installCountingFetch(first: number, counts: number[], unansweredAt: number[]): void {
  const nodeFetch = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const holder = url.searchParams.get('h')
    if (holder === null) return nodeFetch(input, init) // not a holder's
    const index = Number(holder) - first
    counts[index] = (counts[index] ?? 0) + 1
    const response = await nodeFetch(input, init).catch((error: unknown) => {
      unansweredAt.push(Date.now())
      throw error
    })
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase()
    if (!response.headers.has('retry-after') || exposed.includes('retry-after')) return response
    const headers = new Headers(response.headers)
    headers.delete('retry-after')
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}

function chainFor(contracts: LaunchContracts, url: string): ViemChain {
  return defineChain({
    id: contracts.chainId,
    name: 'Local (anvil)',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
    contracts: { multicall3: { address: contracts.multicall3, blockCreated: 0 } },
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
function portalPage(contracts: LaunchContracts, url: string, holder: Address) {
  const client = createPublicClient({
    chain: chainFor(contracts, url),
    transport: rpcTransport([url]),
    batch: { multicall: true },
  })
  const vesting = { address: contracts.vesting, abi: vestingAbi } as const
  const legacy = { address: contracts.legacyClaim, abi: legacyClaimAbi } as const
  const multicall3 = { address: contracts.multicall3, abi: multicall3Abi } as const
  const token = contracts.token
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
function baselinePage(contracts: LaunchContracts, url: string, holder: Address) {
  const client = createPublicClient({ chain: chainFor(contracts, url), transport: http(), batch: { multicall: true } })
  return async (deadline: number) => {
    await withQueryRetry(
      () =>
        client.readContract({
          address: contracts.vesting,
          abi: vestingAbi,
          functionName: 'claimByOwner',
          args: [holder],
        }),
      deadline,
    )
  }
}

/**
 * A holder thread's run. The threads start together by the clock: each says it is ready, the main thread answers
 * with one start time a little ahead, and each sets its holders off when its own timer reaches it. Every time is
 * then counted from that shared start, so a thread that wakes late shows it in its holders' times (and in
 * `lateStartMs`) rather than hiding it behind a start of its own, as a barrier each thread left at its own moment would.
 */
async function holderThread(share: Share, port: MessagePort): Promise<void> {
  const counts = share.addresses.map(() => 0)
  const unansweredAt: number[] = []
  installCountingFetch(share.first, counts, unansweredAt)
  const open = share.app === 'portal' ? portalPage : baselinePage
  const pages = share.addresses.map((holder, index) =>
    open(share.contracts, `${share.url}/?h=${share.first + index}`, holder),
  )
  const startAt = await new Promise<number>((resolve) => {
    port.once('message', resolve)
    port.postMessage({ ready: true } satisfies FromThread)
  })
  await sleep(startAt - Date.now())
  const lateStartMs = Date.now() - startAt
  const eventLoop = monitorEventLoopDelay({ resolution: 20 })
  eventLoop.enable()
  const deadline = startAt + share.followMs
  const outcomes = await Promise.all(
    pages.map(async (page, index): Promise<Outcome> => {
      try {
        await page(deadline)
        const seenMs = Date.now() - startAt
        return { seenMs: seenMs <= share.followMs ? seenMs : null, requests: counts[index] ?? 0 }
      } catch (error) {
        const end = error instanceof FollowEnded ? 'still retrying at 60 s' : 'gave up'
        return { seenMs: null, requests: counts[index] ?? 0, end }
      }
    }),
  )
  eventLoop.disable()
  const result: ThreadResult = {
    outcomes,
    unansweredMs: unansweredAt.map((at) => at - startAt),
    eventLoopDelayMs: { p99: Math.round(eventLoop.percentile(99) / 1e6), max: Math.round(eventLoop.max / 1e6) },
    lateStartMs,
  }
  port.postMessage({ result } satisfies FromThread)
}

const isShare = (data: unknown): data is Share => (data as Partial<Share> | null)?.kind === 'launch-holders'

if (parentPort && isShare(workerData)) await holderThread(workerData, parentPort)
