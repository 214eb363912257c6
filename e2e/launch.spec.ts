/**
 * Launch day: RPC endpoints that refuse, rate-limit or fail. The build has two endpoints: the test chain's (through
 * the fault proxy) and a second one nothing listens on, which a test can route to the chain as a working backup.
 */
import type { Page } from '@playwright/test'
import { backupRpcUrl, rpcUrl } from './fixtures/env'
import { accounts, expect, type Holder, nai, percent, test } from './fixtures/index'
import { claimPanel, confirmDialog, openAs, openConfirmation, stat } from './fixtures/ui'

const alice: Holder = { account: accounts.alice, amount: nai(1000), burnPercentage: percent(25) }

test.use({ serviceWorkers: 'block' })

test.beforeEach(async ({ chain }) => {
  await chain.addHolder(alice)
})

/** Serves the build's second endpoint from the test chain; returns how many requests it answered. */
async function backupServes(page: Page): Promise<() => number> {
  let answered = 0
  await page.route(
    (url) => url.origin === backupRpcUrl,
    async (route) => {
      answered += 1
      await route.fulfill({ response: await route.fetch({ url: rpcUrl }) })
    },
  )
  return () => answered
}

const BUSY_REFRESH =
  /^Your vesting data could not be refreshed\. The figures below are from .+\. The network is busy — retrying (in [1-9]\d* s\.|now…)Retry$/

test('the second RPC answers when the first fails with 503, in the same read', async ({ page, wallet, rpcProxy }) => {
  rpcProxy.setFaults({ http: { kind: 'status', status: 503 } })
  const backupAnswers = await backupServes(page)
  await openAs(page, wallet, accounts.alice)

  await expect(stat(claimPanel(page), 'Receive')).toHaveText('750 NAI')
  await expect(stat(claimPanel(page), 'Burn')).toHaveText('250 NAI')
  await expect(page.getByRole('alert')).toHaveCount(0)
  // Each read went to the first endpoint, was refused, and was answered by the second: one each, no retry rounds.
  const refused = rpcProxy.requests.filter((request) => request.status === 503).length
  expect(refused).toBeGreaterThan(0)
  expect(backupAnswers()).toBe(refused)
})

test('while every RPC is busy the figures stay, with "retrying in n s"; the page retries by itself', async ({
  page,
  wallet,
  rpcProxy,
}) => {
  await openAs(page, wallet, accounts.alice)
  await expect(stat(claimPanel(page), 'Receive')).toHaveText('750 NAI')

  // A 429 burst with a Retry-After the page cannot read, as public RPCs send it; the second endpoint is down.
  rpcProxy.setFaults({ http: { kind: 'status', status: 429, retryAfterSeconds: 30 } })
  const before = rpcProxy.requests.length
  await page.reload()
  const notice = page.getByRole('alert')
  await expect(notice).toHaveText(BUSY_REFRESH)
  await expect(stat(claimPanel(page), 'Receive')).toHaveText('750 NAI')
  // One read, tried three times (two retries), then left to the page's own slower retry.
  expect(rpcProxy.requests.slice(before).map((request) => request.status)).toEqual([429, 429, 429])

  rpcProxy.setFaults({})
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

  rpcProxy.setFaults({ http: { kind: 'status', status: 429 } })
  const before = rpcProxy.requests.length
  await wallet.releaseTransactions()
  // The page keeps asking for the receipt and is refused, and the write is still waited for, not failed.
  await expect.poll(() => rpcProxy.requests.slice(before).filter((r) => r.status === 429).length).toBeGreaterThan(3)
  await expect(claimPanel(page).getByRole('button', { name: 'Claiming...' })).toBeDisabled()
  await expect(page.getByRole('alert')).toHaveCount(0)

  rpcProxy.setFaults({})
  await expect(page.getByText('Your transaction was confirmed.')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
  expect(await chain.balanceOf(accounts.alice)).toBe(balance + nai(750))
  expect(await chain.deadBalance()).toBe(dead + nai(250))
})
