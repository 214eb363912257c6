import type { Page } from '@playwright/test'
import type { Address } from 'viem'
import { accounts, type E2EWallet, expect, type Holder, moments, nai, percent, schedule, test } from './fixtures/index'

/** A vesting position and a legacy amount with digits past the second decimal. */
const alice: Holder = {
  account: accounts.alice,
  amount: nai(500),
  burnPercentage: percent(40),
  legacy: nai('321.456789'),
  balance: nai(7),
}

const legacySection = (page: Page) => page.getByRole('region', { name: 'Claimable Tokens' })

async function openAs(page: Page, wallet: E2EWallet, account: Address) {
  await wallet.connectAs(account)
  await page.goto('/')
  await expect(legacySection(page)).toBeVisible()
}

test('Claim pays exactly the legacy amount and the section goes away', async ({ page, wallet, chain }) => {
  await chain.addHolder(alice)
  await openAs(page, wallet, accounts.alice)
  const section = legacySection(page)
  await expect(
    section.getByText(
      'You have unclaimed tokens left over from previous vesting platforms. Claim them in full at any time.',
    ),
  ).toBeVisible()
  const balanceBefore = await chain.balanceOf(accounts.alice)

  await wallet.holdTransactions()
  await section.getByRole('button', { name: 'Claim 321.45 NAI' }).click()
  await expect(section.getByRole('button', { name: 'Claiming...' })).toBeDisabled()
  await expect.poll(() => wallet.transactions().length).toBe(1)
  expect(await wallet.releaseTransactions()).toEqual(wallet.transactions())
  await expect(section).toBeHidden()

  expect(await chain.balanceOf(accounts.alice)).toBe(balanceBefore + nai('321.456789'))
  expect(await chain.legacyAmount(accounts.alice)).toBe(0n)
  // The vesting position is a different thing and stays whole.
  expect((await chain.position(accounts.alice)).amount).toBe(nai(500))
  await expect(page.getByRole('region', { name: 'Lock for the Future' })).toBeVisible()
  expect(wallet.transactions()).toHaveLength(1)
})

test.describe('before the claim window opens', () => {
  test.use({ moment: moments.before })

  test('the button is disabled with its date, and clicking it sends nothing', async ({ page, wallet, chain, time }) => {
    await chain.addHolder(alice)
    await openAs(page, wallet, accounts.alice)
    const section = legacySection(page)
    const button = section.getByRole('button', { name: 'Claim 321.45 NAI' })
    await expect(button).toBeDisabled()
    await expect(section.getByText('Available from Oct 30, 2024, 7:00 PM UTC.')).toBeVisible()

    await button.click({ force: true })
    await page.clock.runFor(1_000)
    await expect(button).toHaveText('Claim 321.45 NAI')
    expect(wallet.requests('eth_sendTransaction')).toEqual([])
    expect(await chain.legacyAmount(accounts.alice)).toBe(nai('321.456789'))
    expect(await chain.balanceOf(accounts.alice)).toBe(nai(7))

    // When the window opens, the same button becomes available without a reload.
    await time.travelTo(schedule.claimStart)
    await expect(button).toBeEnabled()
    await expect(section.getByText(/Available from/)).toHaveCount(0)
  })
})
