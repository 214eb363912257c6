/**
 * Launch day: RPC endpoints that refuse, rate-limit or fail. The build has two endpoints: the test chain's (through
 * the fault proxy) and a second one nothing listens on, which a test can route to the chain as a working backup.
 */
import type { Page } from '@playwright/test'
import { encodeFunctionData } from 'viem'
import { vestingAbi } from '../src/generated'
import { backupRpcUrl, chainRpcUrl } from '../testing/env'
import { accounts, expect, type Holder, nai, percent, publicEndpoint, test } from './fixtures/index'
import { claimPanel, confirmDialog, openAs, openConfirmation, stat } from './fixtures/ui'

const alice: Holder = { account: accounts.alice, amount: nai(1000), burnPercentage: percent(25) }

test.use({ serviceWorkers: 'block' })

test.beforeEach(async ({ chain }) => {
  await chain.addHolder(alice)
})

/**
 * Serves the build's second endpoint from the test chain itself (another provider's node, at the head); returns how many
 * requests it answered.
 */
async function backupServes(page: Page): Promise<() => number> {
  let answered = 0
  await page.route(
    (url) => url.origin === backupRpcUrl,
    async (route) => {
      answered += 1
      // Once the test is over the chain is gone: a read still in flight is refused, as a dead endpoint would.
      const response = await route.fetch({ url: chainRpcUrl }).catch(() => undefined)
      await (response ? route.fulfill({ response }) : route.abort('connectionrefused')).catch(() => {})
    },
  )
  return () => answered
}

/** Calldata of the holder's figures, as it appears inside the Multicall3 call. */
const FIGURES_CALL = encodeFunctionData({
  abi: vestingAbi,
  functionName: 'claimByOwner',
  args: [accounts.alice],
}).slice(2)

const BUSY_REFRESH =
  /^Your vesting data could not be refreshed\. The figures below are from .+\. The network is busy — retrying (in [1-9]\d* s\.|now…)Retry$/

test('the second RPC answers when the first fails with 503, in the same read', async ({ page, wallet, rpcProxy }) => {
  rpcProxy.setFaults({ ...publicEndpoint, http: { kind: 'status', status: 503 } })
  const backupAnswers = await backupServes(page)
  await openAs(page, wallet, accounts.alice)

  await expect(stat(claimPanel(page), 'Receive')).toHaveText('750 NAI')
  await expect(stat(claimPanel(page), 'Burn')).toHaveText('250 NAI')
  await expect(page.getByRole('alert')).toHaveCount(0)
  // Each read went to the first endpoint, was refused, and was answered by the second: one each, no retry rounds. A
  // read still on its way to the second endpoint (the account's balance, say) is waited for.
  const refused = () => rpcProxy.requests.filter((request) => request.status === 503).length
  expect(refused()).toBeGreaterThan(0)
  await expect
    .poll(() => backupAnswers() - refused(), { message: 'each refused read is answered once by the second RPC' })
    .toBe(0)
})

test('while every RPC is busy the figures stay, with "retrying in n s"; the page retries by itself', async ({
  page,
  wallet,
  rpcProxy,
}) => {
  await openAs(page, wallet, accounts.alice)
  await expect(stat(claimPanel(page), 'Receive')).toHaveText('750 NAI')

  // A 429 burst with a Retry-After the page cannot read, as public RPCs send it; the second endpoint is down.
  rpcProxy.setFaults({ ...publicEndpoint, http: { kind: 'status', status: 429, retryAfterSeconds: 30 } })
  const holderReads: number[] = []
  page.on('response', (response) => {
    if (response.request().postData()?.includes(FIGURES_CALL)) holderReads.push(response.status())
  })
  await page.reload()
  const notice = page.getByRole('alert')
  await expect(notice).toHaveText(BUSY_REFRESH)
  await expect(stat(claimPanel(page), 'Receive')).toHaveText('750 NAI')
  // The holder's read was sent once and refused; the page says so at once and sends it again only after its
  // jittered wait, one request each time. (The wallet button's balance read fails beside it; it is not counted.)
  await expect.poll(() => holderReads.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
  expect(new Set(holderReads)).toEqual(new Set([429]))

  rpcProxy.setFaults(publicEndpoint)
  await expect(notice).toHaveCount(0, { timeout: 15_000 })
  await expect(stat(claimPanel(page), 'Receive')).toHaveText('750 NAI')
  expect(rpcProxy.requests.at(-1)?.status).toBe(200)
})

test('a claim & burn sent while the RPC rate-limits keeps waiting, then settles with exact amounts', async ({
  page,
  wallet,
  chain,
  rpcProxy,
}) => {
  await openAs(page, wallet, accounts.alice)
  const balance = await chain.balanceOf(accounts.alice)
  const dead = await chain.deadBalance()

  await wallet.holdTransactions()
  await openConfirmation(page)
  await confirmDialog(page).getByRole('button', { name: 'Claim & Burn' }).click()
  await expect.poll(() => wallet.transactions().length).toBe(1)

  rpcProxy.setFaults({ ...publicEndpoint, http: { kind: 'status', status: 429 } })
  const before = rpcProxy.requests.length
  await wallet.releaseTransactions()
  // The page keeps asking for the receipt and is refused (each ask one request: a refused read is not resent at
  // once), and the write is still waited for, not failed.
  const refused = () => rpcProxy.requests.slice(before).filter((r) => r.status === 429).length
  await expect.poll(refused).toBeGreaterThanOrEqual(2)
  const askedSoFar = refused()
  await expect.poll(refused, { message: 'it asks again' }).toBeGreaterThan(askedSoFar)
  await expect(claimPanel(page).getByRole('button', { name: 'Claiming...' })).toBeDisabled()
  // No alert speaks of the write: it is not failed. The figures' own refresh, refused too, may say the network is
  // busy, as it does whenever a read is refused.
  await expect(page.getByRole('alert').filter({ hasNotText: BUSY_REFRESH })).toHaveCount(0)

  rpcProxy.setFaults(publicEndpoint)
  await expect(page.getByText('Your transaction was confirmed.')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
  expect(await chain.balanceOf(accounts.alice)).toBe(balance + nai(750))
  expect(await chain.deadBalance()).toBe(dead + nai(250))
})

test.describe('the holder’s own RPC', () => {
  const OWN = 'https://rpc.holder.test/'
  const settings = (page: Page) => page.getByRole('dialog', { name: 'Network settings' })

  /** Opens "Network settings", enters `url` and asks to use it. */
  async function tryRpc(page: Page, url: string) {
    if (!(await settings(page).isVisible())) await page.getByRole('button', { name: 'Network settings' }).click()
    await settings(page).getByLabel('Your own RPC URL').fill(url)
    await settings(page).getByRole('button', { name: 'Use this RPC' }).click()
  }

  test('is checked by its chain id, asked first once saved, and one tap goes back', async ({
    page,
    wallet,
    rpcProxy,
  }) => {
    let ownAnswered = 0
    // The holder's own endpoint: a node of their own, in front of the build's public one.
    await page.route(OWN, async (route) => {
      ownAnswered += 1
      const response = await route.fetch({ url: chainRpcUrl }).catch(() => undefined)
      await (response ? route.fulfill({ response }) : route.abort('connectionrefused')).catch(() => {})
    })
    await page.route('https://mainnet.holder.test/', (route) =>
      route.fulfill({
        json: { jsonrpc: '2.0', id: 1, result: '0x1' },
        headers: { 'access-control-allow-origin': '*' },
      }),
    )
    await page.route('https://down.holder.test/', (route) => route.abort('connectionrefused'))
    await openAs(page, wallet, accounts.alice)

    await tryRpc(page, 'https://mainnet.holder.test/')
    await expect(settings(page).getByRole('alert')).toHaveText(
      'This RPC serves chain 1, not Local (anvil) (chain 31337).',
    )
    await tryRpc(page, 'https://down.holder.test/')
    await expect(settings(page).getByRole('alert')).toHaveText(
      'This RPC did not answer. Check the address, or try another one.',
    )

    await tryRpc(page, OWN)
    // The page reloads and reads through the holder's RPC only.
    await expect(settings(page)).toBeHidden()
    const beforeOwn = rpcProxy.requests.length
    await expect(stat(claimPanel(page), 'Receive')).toHaveText('750 NAI')
    await expect.poll(() => ownAnswered).toBeGreaterThan(1)
    expect(rpcProxy.requests.length).toBe(beforeOwn)
    await page.getByRole('button', { name: 'Network settings' }).click()
    await expect(settings(page).getByText(`through your RPC ${OWN} first`)).toBeVisible()

    await settings(page).getByRole('button', { name: "Use this site's RPCs" }).click()
    await expect(settings(page)).toBeHidden()
    await expect(stat(claimPanel(page), 'Receive')).toHaveText('750 NAI')
    await expect.poll(() => rpcProxy.requests.length).toBeGreaterThan(beforeOwn)
    // A read in flight as the page reloaded may still have reached it; the next load asks the build's endpoints only.
    const ownAfterReset = ownAnswered
    const beforeReload = rpcProxy.requests.length
    await page.reload()
    await expect(stat(claimPanel(page), 'Receive')).toHaveText('750 NAI')
    await expect.poll(() => rpcProxy.requests.length).toBeGreaterThan(beforeReload)
    expect(ownAnswered).toBe(ownAfterReset)
    await page.getByRole('button', { name: 'Network settings' }).click()
    await expect(settings(page).getByText("Reading Local (anvil) through this site's RPC endpoints.")).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('nai.holderRpc.31337'))).toBeNull()
  })
})
