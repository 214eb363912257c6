// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serialize } from 'wagmi'
import {
  persistQueryCache,
  QUERY_CACHE_KEY,
  QUERY_CACHE_MAX_AGE_MS,
  queryCacheBuster,
  restoreQueryCache,
} from './queryPersistence'

// The build defines the app's version; the cache is tied to it.
vi.stubGlobal('__APP_VERSION__', '0.1.0')

const config = {
  chainId: 31337,
  vestingAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  legacyAddress: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
} as const
const NOW = 1_800_000_000_000
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
