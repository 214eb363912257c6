/**
 * The holder's first read as the shell script sends it and the app's transport takes it, against a real chain with
 * the portal's contracts behind the RPC proxy, with the spec the build writes into the page.
 */
import { type Address, createPublicClient } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { freePort } from '../../../scripts/lib/anvil'
import { accounts, nai, percent } from '../../../testing/accounts'
import { buildEnv } from '../../../testing/env'
import { type LocalChain, startLocalChain } from '../../../testing/localChain'
import { type RpcProxy, startRpcProxy } from '../../../testing/rpcProxy'
import { moments } from '../../../testing/schedule'
import { LOCAL_CHAIN_ID, localAnvil, MULTICALL3_ADDRESS } from '../../config/chains'
import { type AppConfig, parseConfig } from '../../config/env'
import { PRODUCTION_SCHEDULE } from '../../domain/schedule'
import { holderRpcKey, STORED_KEYS } from '../../domain/storedKeys'
import { holdingsCalls } from '../../features/vesting/holdingsCalls'
import { readHoldings } from '../../features/vesting/reads'
import { takeFirstRead } from '../../lib/firstReadHandoff'
import { floorKey } from '../../lib/readFloors'
import { memoryStorage } from '../../lib/storageFallback'
import { rpcTransport } from '../../wallet/rpcTransport'
import { firstReadSpec } from '../build/firstRead'
import { aggregate3Results, type FirstReadSpec, firstReadParams, glanceOfAnswer, sendFirstRead } from './firstRead'

let chain: LocalChain
let proxy: RpcProxy
/** The holder's own endpoint, in the test that sets one. */
let own: RpcProxy

function configFor(urls: string[]): AppConfig {
  const parsed = parseConfig({ ...buildEnv, VITE_RPC_URLS: urls.join(',') })
  if (!parsed.ok) throw new Error(parsed.errors.join('; '))
  return parsed.config
}

/** The app's client as wagmi sets it up (multicall batching on) over the app's transport. */
const appClient = (urls: string[]) =>
  createPublicClient({ chain: localAnvil, batch: { multicall: true }, transport: rpcTransport(urls) })

const calls = (holder: Address = accounts.alice) =>
  holdingsCalls(
    { vestingAddress: chain.addresses.vesting, legacyAddress: chain.addresses.legacy },
    MULTICALL3_ADDRESS,
    holder,
    chain.addresses.token,
  )

const key = (holder: Address = accounts.alice) =>
  floorKey(
    { chainId: LOCAL_CHAIN_ID, vestingAddress: chain.addresses.vesting, legacyAddress: chain.addresses.legacy },
    holder,
  )

const ethCalls = (endpoint: RpcProxy) => endpoint.log.filter((entry) => entry.method === 'eth_call').length

let storage: Storage

beforeAll(async () => {
  chain = await startLocalChain(moments.claim, { port: await freePort() })
  await chain.addHolder({ account: accounts.alice, amount: nai(1000), burnPercentage: percent(25) })
  await chain.setIntervalMining({ interval: 0 })
  proxy = await startRpcProxy({ upstream: chain.rpcUrl })
  own = await startRpcProxy({ upstream: chain.rpcUrl })
}, 60_000)
afterAll(async () => {
  await proxy?.stop()
  await own?.stop()
  await chain?.stop()
})
beforeEach(() => {
  storage = memoryStorage()
  vi.stubGlobal('localStorage', storage)
  proxy.reset()
  own.reset()
})
afterEach(() => {
  // A read a test left untaken is not taken by the next one.
  takeFirstRead('eth_call', undefined)
  vi.unstubAllGlobals()
})

describe("the shell script's first read", () => {
  it('is the app’s own read: the app takes its answer and sends nothing, and the page shows the position from it', async () => {
    const spec = (await firstReadSpec(configFor([proxy.url]))) as FirstReadSpec
    const answer = sendFirstRead(spec, accounts.alice, storage)
    const results = await readHoldings(appClient([proxy.url]), calls(), key())
    expect(ethCalls(proxy)).toBe(1)
    const position = await chain.position(accounts.alice)
    expect(results[0]).toEqual([position.amount, position.burnPercentage, position.unlockedAmount])
    expect(results[4]).toBe('NAI')
    expect(glanceOfAnswer(spec, accounts.alice, (await answer) as string, storage)).toEqual({
      amount: '1,000 NAI',
      schedule: PRODUCTION_SCHEDULE,
    })
    // Taken once: the app's next read is sent.
    await readHoldings(appClient([proxy.url]), calls(), key())
    expect(ethCalls(proxy)).toBe(2)
  })

  it('goes to the holder’s own endpoint first, as the app’s reads do', async () => {
    storage.setItem(holderRpcKey(LOCAL_CHAIN_ID), own.url)
    const spec = (await firstReadSpec(configFor([proxy.url]))) as FirstReadSpec
    await sendFirstRead(spec, accounts.alice, storage)
    await readHoldings(appClient([own.url, proxy.url]), calls(), key())
    expect([ethCalls(own), ethCalls(proxy)]).toEqual([1, 0])
  })

  it('failed at a dead endpoint: the app sends the read itself, through its endpoints', async () => {
    const spec = (await firstReadSpec(configFor([`http://127.0.0.1:${await freePort()}`, proxy.url]))) as FirstReadSpec
    expect(await sendFirstRead(spec, accounts.alice, storage)).toBeUndefined()
    expect(ethCalls(proxy)).toBe(0)
    const results = await readHoldings(appClient([proxy.url]), calls(), key())
    expect(ethCalls(proxy)).toBe(1)
    expect(results[0][0]).toBe((await chain.position(accounts.alice)).amount)
  })

  it('is taken only by the same request: another holder’s read is sent', async () => {
    const spec = (await firstReadSpec(configFor([proxy.url]))) as FirstReadSpec
    await sendFirstRead(spec, accounts.alice, storage)
    expect(firstReadParams(spec, accounts.bob)).not.toEqual(firstReadParams(spec, accounts.alice))
    await readHoldings(appClient([proxy.url]), calls(accounts.bob), key(accounts.bob))
    expect(ethCalls(proxy)).toBe(2)
  })

  it('shows nothing for a holder with no position, an answer below the figures shown before, or one it cannot read', async () => {
    const spec = (await firstReadSpec(configFor([proxy.url]))) as FirstReadSpec
    const bob = (await sendFirstRead(spec, accounts.bob, storage)) as string
    expect(glanceOfAnswer(spec, accounts.bob, bob, storage)).toBeNull()
    const alice = (await sendFirstRead(spec, accounts.alice, storage)) as string
    const head = await chain.getBlockNumber()
    storage.setItem(STORED_KEYS.readFloors, JSON.stringify({ [key()]: { block: String(head + 1n), at: Date.now() } }))
    expect(glanceOfAnswer(spec, accounts.alice, alice, storage)).toBeNull()
    storage.setItem(STORED_KEYS.readFloors, JSON.stringify({ [key()]: { block: String(head), at: Date.now() } }))
    expect(glanceOfAnswer(spec, accounts.alice, alice, storage)?.amount).toBe('1,000 NAI')
    expect(glanceOfAnswer(spec, accounts.alice, alice.slice(0, -64), storage)).toBeNull()
    expect(aggregate3Results('0x')).toBeUndefined()
  })
})
