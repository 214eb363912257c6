import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  isHash,
  isHex,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { demoTokenAbi } from '../src/generated'
import type { ProviderInfo } from '../src/wallet/testProvider'
import { baseURL, rpcUrl } from '../testing/env'
import { accounts, contracts, expect, moments, nai, test, viewports } from './fixtures/index'

/** The probe page (`fixtures/probe.html`) served on the app's origin, as the app will be. */
const PROBE_URL = `${baseURL}/e2e-probe.html`
const probeFile = fileURLToPath(new URL('./fixtures/probe.html', import.meta.url))

type ProbeEvent = { name: string; payload: unknown }
type Probe = {
  announcements: ProviderInfo[]
  events: ProbeEvent[]
  ticks: number
  provider?: { request: (args: { method: string; params?: unknown }) => Promise<unknown> }
}
type ProbeWindow = Window & { e2eProbe?: Probe; ethereum?: unknown }
type Failure = { code: unknown; message: string }

async function openProbe(page: Page): Promise<void> {
  await page.route(PROBE_URL, (route) => route.fulfill({ path: probeFile, contentType: 'text/html; charset=utf-8' }))
  await page.goto(PROBE_URL)
}

/** A request through the wallet the probe discovered; resolves with the result or the provider error. */
function call(page: Page, method: string, params?: unknown): Promise<{ result: unknown } | { error: Failure }> {
  return page.evaluate(
    async ([name, args]) => {
      const provider = (window as ProbeWindow).e2eProbe?.provider
      if (!provider) throw new Error('No wallet was announced.')
      try {
        return { result: await provider.request({ method: name, params: args }) }
      } catch (error) {
        const { code, message } = error as { code?: unknown; message: string }
        return { error: { code, message } }
      }
    },
    [method, params] as const,
  )
}

async function result(page: Page, method: string, params?: unknown): Promise<unknown> {
  const reply = await call(page, method, params)
  if ('error' in reply) throw new Error(`${method} failed: ${reply.error.message}`)
  return reply.result
}

async function failure(page: Page, method: string, params?: unknown): Promise<Failure> {
  const reply = await call(page, method, params)
  if (!('error' in reply)) throw new Error(`${method} succeeded with ${JSON.stringify(reply.result)}`)
  return reply.error
}

/** What the probe recorded so far. */
async function probeState(page: Page): Promise<Omit<Probe, 'provider'>> {
  const state = await page.evaluate(() => {
    const probe = (window as ProbeWindow).e2eProbe
    return probe && { announcements: probe.announcements, events: probe.events, ticks: probe.ticks }
  })
  if (!state) throw new Error('The probe page is not loaded.')
  return state
}

const events = async (page: Page) => (await probeState(page)).events
const ticksOf = async (page: Page) => (await probeState(page)).ticks

function transfer(from: Address, to: Address, amount: bigint) {
  return {
    from,
    to: contracts.token,
    data: encodeFunctionData({ abi: demoTokenAbi, functionName: 'transfer', args: [to, amount] }),
  }
}

async function sendTransfer(page: Page, from: Address, to: Address, amount: bigint): Promise<Hex> {
  const hash = await result(page, 'eth_sendTransaction', [transfer(from, to, amount)])
  if (typeof hash !== 'string' || !isHash(hash)) throw new Error(`eth_sendTransaction returned ${String(hash)}`)
  return hash
}

test.describe('preview server', () => {
  test('serves the app build on the configured origin', async ({ request }) => {
    const response = await request.get('/')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('text/html')
  })
})

test.describe('injected wallet', () => {
  test('is announced through EIP-6963 and set as window.ethereum', async ({ page, wallet }) => {
    await openProbe(page)
    const { announcements } = await probeState(page)
    expect(announcements).toEqual([
      { uuid: wallet.info.uuid, name: 'E2E Wallet', icon: wallet.info.icon, rdns: 'test.e2e.wallet' },
    ])
    expect(wallet.info.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(
      await page.evaluate(() => {
        const provider = (window as ProbeWindow).e2eProbe?.provider
        return provider !== undefined && provider === (window as ProbeWindow).ethereum
      }),
    ).toBe(true)
    // Another discovery round gets another announcement.
    await page.evaluate(() => window.dispatchEvent(new Event('eip6963:requestProvider')))
    await expect.poll(async () => (await probeState(page)).announcements.length).toBe(2)
  })

  test('answers the chain id and accounts as set from the test', async ({ page, wallet }) => {
    await openProbe(page)
    expect(await result(page, 'eth_chainId')).toBe('0x7a69')
    expect(await result(page, 'eth_accounts')).toEqual([])
    expect(await failure(page, 'eth_requestAccounts')).toMatchObject({ code: 4100 })

    wallet.setAccount(accounts.alice)
    expect(await result(page, 'eth_accounts')).toEqual([])
    expect(await result(page, 'eth_requestAccounts')).toEqual([accounts.alice])
    expect(await result(page, 'eth_accounts')).toEqual([accounts.alice])

    await wallet.connectAs(accounts.bob)
    expect(await result(page, 'eth_accounts')).toEqual([accounts.bob])
    await wallet.switchAccount(accounts.carol)
    expect(await result(page, 'eth_accounts')).toEqual([accounts.carol])
    await wallet.disconnect()
    expect(await result(page, 'eth_accounts')).toEqual([])
    expect(await events(page)).toEqual([
      { name: 'connect', payload: { chainId: '0x7a69' } },
      { name: 'accountsChanged', payload: [accounts.bob] },
      { name: 'accountsChanged', payload: [accounts.carol] },
      { name: 'accountsChanged', payload: [] },
    ])
    expect(wallet.requests().map((request) => request.method)).toEqual([
      'eth_chainId',
      'eth_accounts',
      'eth_requestAccounts',
      'eth_accounts',
      'eth_requestAccounts',
      'eth_accounts',
      'eth_accounts',
      'eth_accounts',
      'eth_accounts',
    ])
  })

  test('a page loaded after connectAs is already connected, across reloads', async ({ page, wallet }) => {
    await wallet.connectAs(accounts.dave)
    await openProbe(page)
    expect(await result(page, 'eth_accounts')).toEqual([accounts.dave])
    expect(await result(page, 'wallet_getPermissions')).toEqual([
      { parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [accounts.dave] }] },
    ])
    await page.reload()
    expect(await result(page, 'eth_accounts')).toEqual([accounts.dave])
  })

  test('a page served by the preview server reaches anvil directly (CORS), as the app reads do', async ({
    page,
    chain,
  }) => {
    // A document from the real server: Chromium's Local Network Access lets loopback pages call loopback anvil.
    await page.goto('/')
    const blockNumber = await page.evaluate(async (url) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      })
      const body = (await response.json()) as { result: string }
      return Number(body.result)
    }, rpcUrl)
    expect(blockNumber).toBeGreaterThan(0)
    expect(BigInt(blockNumber)).toBeLessThanOrEqual(await chain.getBlockNumber())
  })

  test('sends a real DemoToken transfer to anvil', async ({ page, wallet, chain }) => {
    await chain.mint(accounts.alice, nai(1000))
    await wallet.connectAs(accounts.alice)
    await openProbe(page)

    const hash = await sendTransfer(page, accounts.alice, accounts.bob, nai('12.5'))
    await expect.poll(() => chain.balanceOf(accounts.bob), { timeout: 5_000 }).toBe(nai('12.5'))
    expect(await chain.balanceOf(accounts.alice)).toBe(nai('987.5'))
    expect(wallet.transactions()).toEqual([hash])
    // Reads through the wallet reach the same chain.
    const receipt = await result(page, 'eth_getTransactionReceipt', [hash])
    expect(receipt).toMatchObject({ transactionHash: hash, status: '0x1' })
  })

  test('refuses to sign for an account the site was not given', async ({ page, wallet, chain }) => {
    await chain.mint(accounts.bob, nai(5))
    await wallet.connectAs(accounts.alice)
    await openProbe(page)
    expect(await failure(page, 'eth_sendTransaction', [transfer(accounts.bob, accounts.alice, nai(5))])).toMatchObject({
      code: 4100,
    })
    expect(await chain.balanceOf(accounts.bob)).toBe(nai(5))
  })

  test('rejectNext makes the next request fail with 4001 and nothing is sent', async ({ page, wallet, chain }) => {
    await chain.mint(accounts.alice, nai(10))
    wallet.setAccount(accounts.alice)
    wallet.rejectNext('eth_requestAccounts')
    await openProbe(page)
    expect(await failure(page, 'wallet_requestPermissions', [{ eth_accounts: {} }])).toEqual({
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(await result(page, 'eth_accounts')).toEqual([])
    expect(await result(page, 'eth_requestAccounts')).toEqual([accounts.alice])

    wallet.rejectNext('eth_sendTransaction')
    expect(await failure(page, 'eth_sendTransaction', [transfer(accounts.alice, accounts.bob, nai(1))])).toEqual({
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(wallet.transactions()).toEqual([])
    // Only the next one: the retry goes through.
    await sendTransfer(page, accounts.alice, accounts.bob, nai(1))
    await expect.poll(() => chain.balanceOf(accounts.bob), { timeout: 5_000 }).toBe(nai(1))
  })

  test('switching networks emits chainChanged and blocks transactions off the test chain', async ({
    page,
    wallet,
    chain,
  }) => {
    await chain.mint(accounts.alice, nai(10))
    await wallet.connectAs(accounts.alice)
    await openProbe(page)

    await wallet.switchChain(1)
    expect(await result(page, 'eth_chainId')).toBe('0x1')
    expect(await failure(page, 'eth_sendTransaction', [transfer(accounts.alice, accounts.bob, nai(1))])).toMatchObject({
      code: 4901,
    })
    expect(await result(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).toBeNull()
    expect(await failure(page, 'wallet_switchEthereumChain', [{ chainId: '0xa86a' }])).toMatchObject({ code: 4902 })
    expect(await result(page, 'wallet_addEthereumChain', [{ chainId: '0xa86a', chainName: 'Avalanche' }])).toBeNull()
    expect(await result(page, 'eth_chainId')).toBe('0xa86a')
    wallet.rejectNext('wallet_switchEthereumChain')
    expect(await failure(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).toMatchObject({ code: 4001 })
    expect(wallet.chainId).toBe(43_114)

    expect((await events(page)).filter((event) => event.name === 'chainChanged')).toEqual([
      { name: 'chainChanged', payload: '0x1' },
      { name: 'chainChanged', payload: '0x7a69' },
      { name: 'chainChanged', payload: '0xa86a' },
    ])
    expect(await chain.balanceOf(accounts.bob)).toBe(0n)
  })

  test('signs messages and typed data with the anvil account', async ({ page, wallet }) => {
    await wallet.connectAs(accounts.alice)
    await openProbe(page)
    const message = 'NAI portal test'
    const signature = await result(page, 'personal_sign', [toHex(message), accounts.alice])
    if (typeof signature !== 'string' || !isHex(signature))
      throw new Error(`personal_sign returned ${String(signature)}`)
    expect(await verifyMessage({ address: accounts.alice, message, signature })).toBe(true)

    const typedData = {
      domain: { name: 'NAI', version: '1', chainId: 31_337 },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'hello' },
    } as const
    const typedSignature = await result(page, 'eth_signTypedData_v4', [
      accounts.alice,
      JSON.stringify({
        ...typedData,
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'version', type: 'string' },
            { name: 'chainId', type: 'uint256' },
          ],
          ...typedData.types,
        },
      }),
    ])
    if (typeof typedSignature !== 'string' || !isHex(typedSignature)) throw new Error('eth_signTypedData_v4 failed')
    expect(await verifyTypedData({ address: accounts.alice, ...typedData, signature: typedSignature })).toBe(true)
  })

  test('records wallet_watchAsset requests', async ({ page, wallet }) => {
    await wallet.connectAs(accounts.alice)
    await openProbe(page)
    const asset = { type: 'ERC20', options: { address: contracts.token, symbol: 'NAI', decimals: 18 } }
    expect(await result(page, 'wallet_watchAsset', asset)).toBe(true)
    wallet.rejectNext('wallet_watchAsset')
    expect(await failure(page, 'wallet_watchAsset', asset)).toMatchObject({ code: 4001 })
    expect(wallet.watchedAssets()).toEqual([asset, asset])
  })

  test('holds a transaction pending until released', async ({ page, wallet, chain }) => {
    await chain.mint(accounts.alice, nai(10))
    await wallet.connectAs(accounts.alice)
    await openProbe(page)
    await wallet.holdTransactions()

    const hash = await sendTransfer(page, accounts.alice, accounts.bob, nai(2))
    // Longer than the 1 s block time: without the hold it would have been mined.
    await page.waitForTimeout(1_500)
    expect(await result(page, 'eth_getTransactionReceipt', [hash])).toBeNull()
    expect(await chain.balanceOf(accounts.bob)).toBe(0n)
    await expect(chain.mint(accounts.bob, 1n)).rejects.toThrow(/held transactions/)

    expect(await wallet.releaseTransactions()).toEqual([hash])
    expect(await chain.balanceOf(accounts.bob)).toBe(nai(2))
    await expect.poll(() => chain.now(), { timeout: 5_000 }).toBeGreaterThan(await chain.now())
  })

  for (const kind of ['repriced', 'cancelled'] as const) {
    test(`replaces a held transaction (${kind})`, async ({ page, wallet, chain }) => {
      await chain.mint(accounts.alice, nai(10))
      await wallet.connectAs(accounts.alice)
      await openProbe(page)
      await wallet.holdTransactions()
      const original = await sendTransfer(page, accounts.alice, accounts.bob, nai(4))
      const replacement = await wallet.replaceTransaction(original, kind)

      expect(await wallet.releaseTransactions()).toEqual([replacement])
      const mined = await chain.getTransaction({ hash: replacement })
      const sent = await chain.getTransaction({ hash: original }).catch(() => undefined)
      expect(sent).toBeUndefined()
      expect(getAddress(mined.from)).toBe(accounts.alice)
      expect(await chain.balanceOf(accounts.bob)).toBe(kind === 'repriced' ? nai(4) : 0n)
    })
  }
})

test.describe('page clock', () => {
  test('starts at the chain time and keeps 1 s timers running', async ({ page, chain, time }) => {
    await openProbe(page)
    expect(Math.abs((await time.pageNow()) - (await chain.now()))).toBeLessThanOrEqual(2)
    expect(Math.abs((await time.pageNow()) - moments.claim)).toBeLessThanOrEqual(2)

    const ticks = () => ticksOf(page)
    await expect.poll(ticks, { timeout: 5_000 }).toBeGreaterThanOrEqual(2)
    const before = await ticks()
    await page.clock.runFor(10_000)
    expect((await ticks()) - before).toBeGreaterThanOrEqual(10)
    expect((await ticks()) - before).toBeLessThanOrEqual(11)
    await expect(page.getByText(/Seconds ticked: \d+/)).toBeVisible()
  })

  test('travelTo moves chain and page together', async ({ page, chain, time }) => {
    await openProbe(page)
    await time.travelTo(moments.unlocking)
    expect((await chain.now()) - moments.unlocking).toBeLessThanOrEqual(1)
    expect((await chain.now()) - moments.unlocking).toBeGreaterThanOrEqual(0)
    expect(Math.abs((await time.pageNow()) - moments.unlocking)).toBeLessThanOrEqual(1)
    // The page's timers keep running after the jump.
    const ticks = () => ticksOf(page)
    const before = await ticks()
    await expect.poll(ticks, { timeout: 5_000 }).toBeGreaterThan(before)
  })
})

test.describe('form factors and accessibility', () => {
  for (const formFactor of ['phone', 'desktop'] as const) {
    test(`the ${formFactor} project's settings emulate its device`, async ({ browser }) => {
      const expected = viewports[formFactor]
      const context = await browser.newContext(expected)
      try {
        const page = await context.newPage()
        await openProbe(page)
        expect(page.viewportSize()).toEqual(expected.viewport)
        const device = await page.evaluate(() => ({
          width: window.innerWidth,
          touch: navigator.maxTouchPoints > 0,
          coarse: window.matchMedia('(pointer: coarse)').matches,
          pixelRatio: window.devicePixelRatio,
        }))
        expect(device).toEqual({
          width: expected.viewport.width,
          touch: expected.hasTouch,
          coarse: expected.hasTouch,
          pixelRatio: expected.deviceScaleFactor,
        })
      } finally {
        await context.close()
      }
    })
  }

  test('axe passes an accessible page and fails on a serious violation', async ({ page, axe }) => {
    await openProbe(page)
    const results = await axe.check()
    expect(results.passes.length).toBeGreaterThan(0)

    await page.evaluate(() => {
      const image = document.createElement('img')
      image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw='
      document.querySelector('main')?.append(image)
    })
    await expect(axe.check()).rejects.toThrow(/critical: image-alt/)
  })
})
