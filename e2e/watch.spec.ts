import type { Page } from '@playwright/test'
import { accounts, type Holder, moments, nai, percent } from './fixtures/index'
import { card, panel, panelTitles, stat, TIMELINE } from './fixtures/ui'
import { expect, test, waitForServiceWorker } from './pwa/fixtures'

/**
 * Watch-only countdowns: any address, shown without a wallet from a link (`/?address=`), the watch form, or the
 * addresses saved on the device — at once from the persisted cache, online or offline. Actions ask to connect.
 * No test here requests the `wallet` fixture: the browser has no wallet at all.
 */

const alice = {
  account: accounts.alice,
  amount: nai('1234.5'),
  burnPercentage: percent(25),
  legacy: nai(50),
} as const satisfies Holder
const bob = {
  account: accounts.bob,
  amount: nai('2468.024'),
  burnPercentage: percent('12.5'),
} as const satisfies Holder
const dave = { account: accounts.dave, amount: 0n, burnPercentage: 0n, legacy: nai('7.25') } as const satisfies Holder

const CONNECT = 'Connect this wallet to claim'
const CACHE_KEY = 'nai.queryCache'

const watchBar = (page: Page) => card(page).getByText(/^Watch-only:/)

test.use({ moment: moments.claim })

test.beforeEach(async ({ chain }) => {
  await chain.addHolders([alice, bob, dave])
})

test('a link with ?address= shows each holder exactly, without any wallet; actions ask to connect', async ({
  page,
}) => {
  await page.clock.setFixedTime(moments.claim * 1000)
  await page.goto(`/?address=${alice.account}`)
  await expect(watchBar(page)).toHaveText('Watch-only: 0x70…79C8. Connect this wallet to claim.')
  expect(await page.evaluate(() => 'ethereum' in window)).toBe(false)
  await expect(stat(panel(page, 'Lock for the Future'), 'Amount')).toHaveText('1,234.5 NAI')
  await expect(stat(panel(page, 'Lock for the Future'), 'Time left')).toHaveText('13 days 00:00:00')
  await expect(stat(panel(page, 'Claim and Burn Now'), 'Receive')).toHaveText('925.87 NAI')
  await expect(stat(panel(page, 'Claim and Burn Now'), 'Burn')).toHaveText('308.62 NAI')
  await expect(panel(page, 'Claim and Burn Now').getByRole('button')).toHaveText([CONNECT])
  await expect(panel(page, 'Claimable Tokens').getByRole('button')).toHaveText([CONNECT])
  await expect(card(page).getByRole('button', { name: 'Claim & Burn' })).toHaveCount(0)

  // Lower case in the link is fine; the address is shown checksummed.
  await page.goto(`/?address=${bob.account.toLowerCase()}`)
  await expect(watchBar(page)).toHaveText('Watch-only: 0x3C…93BC. Connect this wallet to claim.')
  await expect(stat(panel(page, 'Lock for the Future'), 'Amount')).toHaveText('2,468.02 NAI')
  // 2,468.024 at 12.5 %: 308.503 burned, 2,159.521 received.
  await expect(stat(panel(page, 'Claim and Burn Now'), 'Receive')).toHaveText('2,159.52 NAI')
  await expect(stat(panel(page, 'Claim and Burn Now'), 'Burn')).toHaveText('308.5 NAI')
  await expect(panelTitles(page)).toHaveText(['Lock for the Future', 'Claim and Burn Now', TIMELINE])

  await page.goto(`/?address=${dave.account}`)
  await expect(card(page).getByText('This address has no NAI vesting position.', { exact: true })).toBeVisible()
  await expect(panel(page, 'Claimable Tokens').getByRole('button')).toHaveText([CONNECT])

  // Asking to connect opens RainbowKit's connect modal.
  await panel(page, 'Claimable Tokens').getByRole('button', { name: CONNECT }).click()
  await expect(page.getByRole('dialog', { name: 'Connect a Wallet' })).toBeVisible()
})

test.describe('while unlocking', () => {
  test.use({ moment: moments.unlocking })

  test('a link shows the unlocking figures without any wallet, and the claim asks to connect', async ({ page }) => {
    await page.clock.setFixedTime(moments.unlocking * 1000)
    await page.goto(`/?address=${alice.account}`)
    await expect(watchBar(page)).toHaveText('Watch-only: 0x70…79C8. Connect this wallet to claim.')
    const unlocking = panel(page, 'Tokens are Unlocking')
    // A quarter of 1,234.5 NAI: 308.625, shown rounded down.
    await expect(stat(unlocking, 'Total')).toHaveText('1,234.5 NAI')
    await expect(stat(unlocking, 'Unlocked')).toHaveText('308.62 NAI')
    await expect(stat(unlocking, 'Claimable')).toHaveText('308.62 NAI')
    await expect(stat(unlocking, 'Time left')).toHaveText('273 days 18:00:00')
    await expect(unlocking.getByRole('button')).toHaveText([CONNECT])
    await expect(card(page).getByRole('button', { name: /^Claim [\d,.]+ NAI$/ })).toHaveCount(0)
  })
})

test('a malformed link and a malformed or ENS entry get a clear message; a typed address is watched', async ({
  page,
}) => {
  await page.goto('/?address=0x1234')
  await expect(card(page).getByRole('alert')).toHaveText(
    'The link\'s address "0x1234" is not an address: an address is 0x followed by 40 hexadecimal digits.',
  )
  await expect(card(page).getByText('Connect your wallet to see your vesting position.')).toBeVisible()

  const input = card(page).getByRole('textbox', { name: 'Watch an address without connecting' })
  await input.fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C')
  await card(page).getByRole('button', { name: 'Watch', exact: true }).click()
  await expect(card(page).getByRole('alert').last()).toHaveText(
    '"0x70997970C51812dc3A010C7d01b50e0d17dc79C" is not an address: an address is 0x followed by 40 hexadecimal digits.',
  )
  // ENS is looked up on Ethereum only; this build serves the local chain.
  await input.fill('alice.eth')
  await card(page).getByRole('button', { name: 'Watch', exact: true }).click()
  await expect(
    card(page).getByText(
      'ENS names are looked up on Ethereum only, and this portal serves Local (anvil). Enter the 0x address instead.',
    ),
  ).toBeVisible()

  await input.fill(` ${alice.account.toLowerCase()} `)
  await card(page).getByRole('button', { name: 'Watch', exact: true }).click()
  await expect(watchBar(page)).toHaveText('Watch-only: 0x70…79C8. Connect this wallet to claim.')
  await expect(page).toHaveURL(new RegExp(`\\?address=${alice.account}$`))
  await expect(stat(panel(page, 'Lock for the Future'), 'Amount')).toHaveText('1,234.5 NAI')
  // Back returns to where the holder came from.
  await page.goBack()
  await expect(card(page).getByText('Connect your wallet to see your vesting position.')).toBeVisible()
})

test('a saved address opens offline from the cache, its countdown ticking; nothing leaves the device', async ({
  page,
  context,
  app,
}) => {
  await page.goto(`${app.url}/?address=${alice.account}`)
  await waitForServiceWorker(page)
  await expect(stat(panel(page, 'Lock for the Future'), 'Amount')).toHaveText('1,234.5 NAI')
  await card(page).getByRole('button', { name: 'Save on this device' }).click()
  await expect(card(page).getByRole('button', { name: 'Forget on this device' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('nai.watchedAddresses'))).toBe(JSON.stringify([alice.account]))
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key)?.includes('claimByOwner') ?? false, CACHE_KEY))
    .toBe(true)

  // Offline, the home screen's start URL (/) shows the saved address at once.
  const sent: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(app.url)) sent.push(request.url())
  })
  app.goDown()
  await context.setOffline(true)
  await page.goto(`${app.url}/`, { waitUntil: 'commit' })
  const amount = stat(panel(page, 'Lock for the Future'), 'Amount')
  await expect(amount).toHaveText('1,234.5 NAI')
  await expect(stat(panel(page, 'Lock for the Future'), 'Time left')).toHaveText(/^12 days /)
  await expect(watchBar(page)).toHaveText('Watch-only: 0x70…79C8. Connect this wallet to claim.')
  await expect(page.getByRole('status').filter({ hasText: /^Offline — last updated / })).toBeVisible()
  const countdown = stat(panel(page, 'Lock for the Future'), 'Time left')
  const before = await countdown.textContent()
  await page.clock.runFor(2_000)
  await expect(countdown).not.toHaveText(before ?? '')
  await expect(panel(page, 'Claim and Burn Now').getByRole('button')).toHaveText([CONNECT])
  // The only requests that left were the failed reads to the chain's RPC: nothing else knows the address.
  expect(sent.filter((url) => !url.startsWith('http://127.0.0.1:'))).toEqual([])
  await context.setOffline(false)
  app.goUp()
})
