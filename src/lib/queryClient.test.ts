// @vitest-environment jsdom
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { serialize } from 'wagmi'
import { cacheBuster } from '../domain/storedKeys'
import {
  createQueryClient,
  followBrowserOnlineState,
  persistQueryCache,
  QUERY_CACHE_KEY,
  QUERY_CACHE_MAX_AGE_MS,
  refetchReadsCaughtOffline,
  restoreQueryCache,
} from './queryClient'

// The build defines the app's version; the cache is tied to it.
vi.stubGlobal('__APP_VERSION__', '0.1.0')

const config = {
  chainId: 31337,
  vestingAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  legacyAddress: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
} as const
const NOW = 1_800_000_000_000
/** The stamp of this build (the version above) for `deployment`. */
const queryCacheBuster = (deployment: Parameters<typeof cacheBuster>[1]) => cacheBuster('0.1.0', deployment)
const key = ['readContracts', { chainId: 31337, holder: 'alice' }]
const figures = { amount: 1234n, claimed: 0n }

/** What the app stores after a successful read of `figures`, `ageMs` ago, for `buster`. */
function stored(ageMs: number, buster = queryCacheBuster(config)): string {
  const source = new QueryClient()
  source.setQueryData(key, figures, { updatedAt: NOW - ageMs })
  const state = source.getQueryCache().find({ queryKey: key })?.state
  return serialize({
    buster,
    timestamp: NOW - ageMs,
    clientState: { mutations: [], queries: [{ queryKey: key, queryHash: JSON.stringify(key), state }] },
  })
}

afterEach(() => localStorage.clear())

describe('restoreQueryCache', () => {
  it('puts a stored read into the cache at once, BigInts intact', () => {
    localStorage.setItem(QUERY_CACHE_KEY, stored(QUERY_CACHE_MAX_AGE_MS - 1))
    const client = new QueryClient()
    restoreQueryCache(client, config, localStorage, NOW)
    expect(client.getQueryData(key)).toEqual(figures)
    expect(localStorage.getItem(QUERY_CACHE_KEY)).not.toBeNull()
  })

  const discarded: [string, () => string][] = [
    ['older than a day', () => stored(QUERY_CACHE_MAX_AGE_MS + 1)],
    ['from another deployment', () => stored(0, queryCacheBuster({ ...config, chainId: 1 }))],
    ['corrupt', () => '{"buster": "0.1.0", "timestamp": 1, "clientState": {"queries": [{"queryKey": [1'],
    ['without a timestamp', () => serialize({ buster: queryCacheBuster(config), clientState: { queries: [] } })],
    ['without its figures', () => serialize({ buster: queryCacheBuster(config), timestamp: NOW })],
  ]
  for (const [what, make] of discarded) {
    it(`removes a stored cache ${what} and starts without it`, () => {
      localStorage.setItem(QUERY_CACHE_KEY, make())
      const client = new QueryClient()
      restoreQueryCache(client, config, localStorage, NOW)
      expect(client.getQueryData(key)).toBeUndefined()
      expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull()
    })
  }
})

describe('persistQueryCache', () => {
  it('stores contract reads as they succeed, and nothing else', async () => {
    const client = new QueryClient()
    const stop = persistQueryCache(client, config)
    client.setQueryData(['balance', 'alice'], 5n)
    client.setQueryData(key, figures)
    await expect.poll(() => localStorage.getItem(QUERY_CACHE_KEY)).toContain('readContracts')
    const restored = new QueryClient()
    restoreQueryCache(restored, config)
    expect(restored.getQueryData(key)).toEqual(figures)
    expect(restored.getQueryData(['balance', 'alice'])).toBeUndefined()
    stop()
  })
})

describe('createQueryClient', () => {
  it('keeps an unused read a day, sends the first try even offline, retries nothing and ignores focus', () => {
    expect(createQueryClient().getDefaultOptions().queries).toEqual({
      gcTime: 24 * 60 * 60 * 1000,
      networkMode: 'offlineFirst',
      retry: false,
      refetchOnWindowFocus: false,
    })
  })
})

/** A read whose answers the test hands out one by one, as the RPC would, counting the times it was asked. */
function controlledRead() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void }[] = []
  const queryFn = () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject }))
  return { queryFn, pending, asked: () => pending.length }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('a read caught by the network coming back', () => {
  let queryClient: QueryClient
  let stop: () => void = () => {}

  beforeEach(() => {
    // The app's client: the first try runs even offline, and a failed read is not retried by the query.
    queryClient = createQueryClient()
    queryClient.mount()
    onlineManager.setOnline(false)
  })

  afterEach(() => {
    stop()
    stop = () => {}
    queryClient.unmount()
    queryClient.clear()
    onlineManager.setOnline(true)
  })

  /** An observed read holding yesterday's figures, whose refresh was sent while offline and has not failed yet. */
  async function readInFlightWhileOffline() {
    const read = controlledRead()
    queryClient.setQueryData(['holdings'], 'yesterday')
    const observer = new QueryObserver(queryClient, { queryKey: ['holdings'], queryFn: read.queryFn })
    const results: string[] = []
    const unsubscribe = observer.subscribe((result) => results.push(`${result.status}:${result.data}`))
    await settle()
    expect(read.asked()).toBe(1)
    return { read, observer, unsubscribe }
  }

  it('is asked once more when the try sent offline fails after the network returned', async () => {
    stop = refetchReadsCaughtOffline(queryClient)
    const { read, observer, unsubscribe } = await readInFlightWhileOffline()

    onlineManager.setOnline(true)
    read.pending[0]?.reject(new TypeError('Failed to fetch'))
    await settle()
    expect(read.asked()).toBe(2)
    read.pending[1]?.resolve('today')
    await settle()
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'today' })
    unsubscribe()
  })

  it('stays failed without it: the reconnect refetch was folded into the failing read', async () => {
    const { read, observer, unsubscribe } = await readInFlightWhileOffline()

    onlineManager.setOnline(true)
    read.pending[0]?.reject(new TypeError('Failed to fetch'))
    await settle()
    expect(read.asked()).toBe(1)
    expect(observer.getCurrentResult()).toMatchObject({ status: 'error', data: 'yesterday' })
    unsubscribe()
  })

  it('is not asked again when the try in flight succeeds', async () => {
    stop = refetchReadsCaughtOffline(queryClient)
    const { read, observer, unsubscribe } = await readInFlightWhileOffline()

    onlineManager.setOnline(true)
    read.pending[0]?.resolve('today')
    await settle()
    expect(read.asked()).toBe(1)
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'today' })
    unsubscribe()
  })

  it('is not asked again once nobody shows it', async () => {
    stop = refetchReadsCaughtOffline(queryClient)
    const { read, unsubscribe } = await readInFlightWhileOffline()

    onlineManager.setOnline(true)
    unsubscribe()
    read.pending[0]?.reject(new TypeError('Failed to fetch'))
    await settle()
    expect(read.asked()).toBe(1)
  })

  it('a read failing while the network stays up is not asked again', async () => {
    stop = refetchReadsCaughtOffline(queryClient)
    onlineManager.setOnline(true)
    const { read, unsubscribe } = await readInFlightWhileOffline()
    read.pending[0]?.reject(new TypeError('Failed to fetch'))
    await settle()
    expect(read.asked()).toBe(1)
    unsubscribe()
  })
})

describe('followBrowserOnlineState', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    onlineManager.setOnline(true)
  })

  it('starts from what the browser knows: a page opened offline is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    followBrowserOnlineState()
    expect(onlineManager.isOnline()).toBe(false)
  })

  it('then follows the online and offline events', () => {
    followBrowserOnlineState()
    expect(onlineManager.isOnline()).toBe(true)
    window.dispatchEvent(new Event('offline'))
    expect(onlineManager.isOnline()).toBe(false)
    window.dispatchEvent(new Event('online'))
    expect(onlineManager.isOnline()).toBe(true)
  })
})
