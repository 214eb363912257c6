import type { Route } from '@playwright/test'
import { rpcUrl } from '../testing/env'
import { accounts, expect, type Holder, moments, nai, percent, schedule, test, unlockingAt } from './fixtures/index'
import { card, choiceSheet, isPhoneLayout, openConfirmation, panelTitles, TIMELINE } from './fixtures/ui'

/**
 * axe on every state of the page: no serious or critical violation, at phone and desktop sizes. Each check
 * first waits for the state's own text, so that axe sees the state and not a page still loading.
 */

const alice = {
  account: accounts.alice,
  amount: nai('1234.5678'),
  burnPercentage: percent('12.5'),
  legacy: nai('12.5'),
} as const satisfies Holder

const isRpc = (url: URL) => url.origin === rpcUrl
const concernsAlice = (route: Route) =>
  route.request().postData()?.toLowerCase().includes(alice.account.slice(2).toLowerCase()) ?? false

test('not connected', async ({ page, axe }) => {
  await page.goto('/')
  await expect(card(page).getByText('Connect your wallet to see your vesting position.')).toBeVisible()
  await expect(page.getByText(/^Make your choice before/)).toBeVisible()
  await axe.check()
})

test.describe('with a position', () => {
  test.use({ moment: moments.before })

  test('every phase, and the claim-and-burn confirmation', async ({ page, chain, wallet, axe }) => {
    test.setTimeout(60_000)
    await chain.addHolder(alice)
    await wallet.connectAs(alice.account)
    // Chain and page walk through the phases together; the figures stay the same.
    await page.clock.setFixedTime(moments.before * 1000)
    await page.goto('/')

    await expect(panelTitles(page)).toHaveText([
      'Lock for the Future',
      'Claim and Burn Now',
      'Claimable Tokens',
      TIMELINE,
    ])
    await expect(page.getByText('Available from Oct 30, 2024, 7:00 PM UTC.')).toBeVisible()
    await axe.check()

    await chain.setTime(moments.claim)
    await page.clock.setFixedTime(moments.claim * 1000)
    await expect(page.getByText('12.5% of the tokens you claim now will be burned.')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Claim Everything' })).toBeVisible()
    await axe.check()
    await page.getByRole('button', { name: 'Claim all 1,092.74 NAI', exact: true }).click()
    const claimAll = page.getByRole('dialog', { name: 'Confirm claim all' })
    await expect(claimAll).toContainText('154.32 NAI are burned.')
    await axe.check()
    await claimAll.getByRole('button', { name: 'Cancel' }).click()
    await expect(claimAll).toHaveCount(0)
    if (isPhoneLayout(page)) {
      // On a phone the share is chosen in a sheet first.
      await page.getByRole('button', { name: 'Claim & Burn' }).click()
      await expect(choiceSheet(page).getByRole('slider')).toHaveValue('100')
      await axe.check()
    }
    const dialog = await openConfirmation(page)
    await expect(dialog).toContainText('You receive 1,080.24 NAI, 154.32 NAI are burned.')
    await axe.check()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)

    for (const [moment, titles] of [
      [moments.locked, ['Tokens have been Locked', 'Vesting Schedule in Progress', 'Claimable Tokens', TIMELINE]],
      [
        unlockingAt(25),
        ['Tokens are Unlocking', 'Vesting Schedule in Progress', 'Claim Everything', 'Claimable Tokens', TIMELINE],
      ],
      [
        moments.ended,
        ['Tokens are Unlocking', 'Vesting Schedule in Progress', 'Claim Everything', 'Claimable Tokens', TIMELINE],
      ],
    ] as const) {
      await chain.setTime(moment)
      await page.clock.setFixedTime(moment * 1000)
      await expect(panelTitles(page)).toHaveText(titles)
      if (moment >= schedule.unlockStart)
        await expect(page.getByRole('progressbar', { name: 'Unlocked' })).toBeVisible()
      await axe.check()
    }
  })
})

test('no position', async ({ page, wallet, axe }) => {
  await wallet.connectAs(accounts.carol)
  await page.goto('/')
  await expect(card(page).getByText('This address has no NAI vesting position.')).toBeVisible()
  await axe.check()
})

test.describe('reads held or failing', () => {
  test.use({ serviceWorkers: 'block' })

  test('loading', async ({ page, chain, wallet, axe }) => {
    await chain.addHolder(alice)
    await wallet.connectAs(alice.account)
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(isRpc, async (route) => {
      if (concernsAlice(route)) await released
      await route.continue()
    })
    await page.goto('/')
    await expect(page.getByText(/^Make your choice before/)).toBeVisible()
    await expect(card(page).getByText('Loading...', { exact: true })).toBeVisible()
    await axe.check()
    release()
    await expect(panelTitles(page)).toHaveText([
      'Lock for the Future',
      'Claim and Burn Now',
      'Claim Everything',
      'Claimable Tokens',
      TIMELINE,
    ])
  })

  test('read failure', async ({ page, chain, wallet, axe }) => {
    await chain.addHolder(alice)
    await wallet.connectAs(alice.account)
    await page.route(isRpc, (route) => (concernsAlice(route) ? route.abort('connectionrefused') : route.continue()))
    await page.goto('/')
    await expect(card(page).getByRole('alert').getByRole('button', { name: 'Retry' })).toBeVisible()
    await axe.check()
  })
})

test.describe('on a network without the contracts', () => {
  test.use({ deployContracts: false })

  test('contract not found', async ({ page, wallet, axe }) => {
    await wallet.connectAs(alice.account)
    await page.goto('/')
    await expect(card(page).getByRole('alert')).toContainText('Contract not found on this network.')
    await axe.check()
  })
})
