import type { Page } from '@playwright/test'
import { rpcUrl } from '../testing/env'
import { accounts, expect, type Holder, nai, percent, test } from './fixtures/index'
import { claimPanel, confirmDialog, lockPanel, openAs, openConfirmation, stat } from './fixtures/ui'

const alice: Holder = { account: accounts.alice, amount: nai(1000), burnPercentage: percent(25) }
const bob: Holder = {
  account: accounts.bob,
  amount: nai('2468.024'),
  burnPercentage: percent('12.5'),
  legacy: nai('12.34'),
}

const WRONG_NETWORK = 'Your wallet is on another network. Switch to Local (anvil) to continue.'

const claimButton = (page: Page) => claimPanel(page).getByRole('button', { name: 'Claim & Burn' })
/** RainbowKit's header button on an unsupported chain (its accessible name is "Chain Selector"). */
const wrongNetworkButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Chain Selector' }).filter({ hasText: 'Wrong network' })

/** Claim & Burn at the slider's share, confirmed in the dialog. */
async function claimAndBurn(page: Page) {
  await openConfirmation(page)
  await confirmDialog(page).getByRole('button', { name: 'Claim & Burn' }).click()
}

test('a rejected signature returns to idle quietly, with nothing on chain', async ({ page, wallet, chain }) => {
  await chain.addHolder(alice)
  await openAs(page, wallet, accounts.alice)
  wallet.rejectNext('eth_sendTransaction')

  await claimAndBurn(page)
  await expect.poll(() => wallet.requests('eth_sendTransaction').length).toBe(1)
  await expect(claimButton(page)).toBeEnabled()
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(wallet.requests('eth_sendTransaction')[0]).toMatchObject({ error: { code: 4001 } })
  expect(wallet.transactions()).toEqual([])
  expect((await chain.position(accounts.alice)).amount).toBe(nai(1000))
  expect(await chain.balanceOf(accounts.alice)).toBe(0n)
})

test('a revert is explained in plain words before the wallet is asked', async ({ page, wallet, chain }) => {
  await chain.addHolder(alice)
  await openAs(page, wallet, accounts.alice)
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,000 NAI')
  // Meanwhile alice claims 600 NAI from elsewhere: the open page still offers the whole 1,000.
  await chain.claimAndBurnAs(accounts.alice, nai(600))

  await claimAndBurn(page)
  // The message the app decodes from Vesting_AmountExceedsPosition(alice, 1,000 NAI, 400 NAI).
  await expect(page.getByRole('alert').getByRole('paragraph')).toHaveText(
    'You asked to claim 1,000 NAI, but your position holds only 400 NAI.',
  )
  await expect(claimButton(page)).toBeEnabled()
  expect(wallet.requests('eth_sendTransaction')).toEqual([])
  expect((await chain.position(accounts.alice)).amount).toBe(nai(400))

  await page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('on the wrong network the header says so and actions wait, until the wallet is back', async ({
  page,
  wallet,
  chain,
}) => {
  await chain.addHolder(alice)
  await openAs(page, wallet, accounts.alice)
  await expect(claimButton(page)).toBeEnabled()

  await wallet.switchChain(1)
  await expect(wrongNetworkButton(page)).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: WRONG_NETWORK })).toBeVisible()
  await expect(claimButton(page)).toBeDisabled()
  // The figures stay on screen.
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,000 NAI')

  await wallet.switchChain(chain.chainId)
  await expect(wrongNetworkButton(page)).toHaveCount(0)
  await expect(page.getByRole('banner').getByRole('button', { name: /0x70…79C8/ })).toBeVisible()
  await expect(page.getByText(WRONG_NETWORK)).toHaveCount(0)
  await expect(claimButton(page)).toBeEnabled()
  expect(wallet.transactions()).toEqual([])
})

test("switching accounts in the wallet shows the other holder's exact figures", async ({ page, wallet, chain }) => {
  await chain.addHolders([alice, bob])
  await openAs(page, wallet, accounts.alice)
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,000 NAI')
  await expect(stat(claimPanel(page), 'Receive')).toHaveText('750 NAI')
  await expect(page.getByRole('region', { name: 'Claimable Tokens' })).toHaveCount(0)

  await wallet.switchAccount(accounts.bob)
  await expect(page.getByRole('banner').getByRole('button', { name: /0x3C…93BC/ })).toBeVisible()
  // 2,468.024 with 12.5 % burned: 308.503 burned, 2,159.521 received.
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('2,468.02 NAI')
  await expect(claimPanel(page).getByText('12.5% of the tokens you claim now will be burned.')).toBeVisible()
  await expect(stat(claimPanel(page), 'Receive')).toHaveText('2,159.52 NAI')
  await expect(stat(claimPanel(page), 'Burn')).toHaveText('308.5 NAI')
  await expect(
    page.getByRole('region', { name: 'Claimable Tokens' }).getByRole('button', { name: 'Claim 12.34 NAI' }),
  ).toBeEnabled()
})

test('an unreachable network shows an error with Retry, and Retry shows the data once it is back', async ({
  page,
  wallet,
  chain,
}) => {
  await chain.addHolder(alice)
  const toChain = (url: URL) => url.origin === rpcUrl
  await page.route(toChain, (route) => route.abort('connectionrefused'))
  await wallet.connectAs(accounts.alice)
  await page.goto('/')

  const alert = page.getByRole('alert')
  // Online, a refused endpoint looks like a busy one to the page: it says so and retries by itself.
  await expect(alert.getByRole('paragraph')).toHaveText(
    /^Your vesting data could not be loaded\. The network is busy — retrying (in [1-9]\d* s\.|now…)$/,
  )
  await expect(page.getByText('Loading...')).toHaveCount(0)

  await page.unroute(toChain)
  await alert.getByRole('button', { name: 'Retry' }).click()
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('1,000 NAI')
  await expect(stat(claimPanel(page), 'Receive')).toHaveText('750 NAI')
  await expect(alert).toHaveCount(0)
})
