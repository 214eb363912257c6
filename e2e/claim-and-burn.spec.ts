import type { Address } from 'viem'
import { accounts, expect, type Holder, type LocalChain, nai, percent, test } from './fixtures/index'
import {
  choiceSheet,
  claimPanel,
  confirmDialog,
  isPhoneLayout,
  lockPanel,
  openAs,
  openConfirmation,
  setShare,
  stat,
} from './fixtures/ui'

/** 1,234.5 NAI with a quarter burned: every split below has digits past the second decimal, so rounding shows. */
const alice: Holder = { account: accounts.alice, amount: nai('1234.5'), burnPercentage: percent(25), balance: nai(10) }

/** The right panel during the claim window. */

/** Opens the portal with `account` already approved in the wallet, and waits for its position. */

/** What the chain holds for the journey's accounts, to compare before and after a claim. */
async function snapshot(chain: LocalChain, account: Address) {
  return {
    balance: await chain.balanceOf(account),
    dead: await chain.deadBalance(),
    totalBurned: await chain.totalBurned(),
    position: (await chain.position(account)).amount,
  }
}

test.beforeEach(async ({ chain }) => {
  await chain.addHolder(alice)
})

test('the confirmation states the exact split, and Cancel sends nothing', async ({ page, wallet, chain }) => {
  await openAs(page, wallet, accounts.alice)
  const before = await snapshot(chain, accounts.alice)
  await expect(claimPanel(page).getByText('25.0% of the tokens you claim now will be burned.')).toBeVisible()
  await expect(stat(claimPanel(page), 'Receive')).toHaveText('925.87 NAI')
  await expect(stat(claimPanel(page), 'Burn')).toHaveText('308.62 NAI')

  await openConfirmation(page)
  await expect(confirmDialog(page).getByText('You receive 925.87 NAI, 308.62 NAI are burned.')).toBeVisible()
  await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click()

  await expect(confirmDialog(page)).toBeHidden()
  await expect(claimPanel(page).getByRole('button', { name: 'Claim & Burn' })).toBeEnabled()
  expect(wallet.requests('eth_sendTransaction')).toEqual([])
  expect(wallet.transactions()).toEqual([])
  expect(await snapshot(chain, accounts.alice)).toEqual(before)
})

test('at 100 %: "Claiming..." while pending, then exactly received and burned, and the wallet lists it', async ({
  page,
  wallet,
  chain,
}) => {
  const claimed = nai('1234.5')
  const burned = nai('308.625')
  const received = claimed - burned
  await openAs(page, wallet, accounts.alice)
  const before = await snapshot(chain, accounts.alice)

  await wallet.holdTransactions()
  await openConfirmation(page)
  await confirmDialog(page).getByRole('button', { name: 'Claim & Burn' }).click()
  const claiming = claimPanel(page).getByRole('button', { name: 'Claiming...' })
  await expect(claiming).toBeDisabled()
  await expect.poll(() => wallet.transactions().length).toBe(1)
  expect(await snapshot(chain, accounts.alice)).toEqual(before)

  const [hash] = wallet.transactions()
  expect(await wallet.releaseTransactions()).toEqual([hash])
  await expect(page.getByText('You have claimed your whole position.')).toBeVisible()
  expect(await snapshot(chain, accounts.alice)).toEqual({
    balance: before.balance + received,
    dead: before.dead + burned,
    totalBurned: before.totalBurned + burned,
    position: before.position - claimed,
  })

  // RainbowKit's account modal lists the write under its description.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /0x70…79C8/ })
    .click()
  const modal = page.getByRole('dialog')
  await expect(modal.getByText('Recent Transactions')).toBeVisible()
  await expect(modal.getByText('Claim & Burn: receive 925.87 NAI, burn 308.62 NAI')).toBeVisible()
})

test('at 37 %: the split follows the slider and the position keeps the rest', async ({ page, wallet, chain }) => {
  // 37 % of 1,234.5 = 456.765, a quarter of it burned: 114.19125; received 342.57375.
  const claimed = nai('456.765')
  const burned = nai('114.19125')
  const received = nai('342.57375')
  await openAs(page, wallet, accounts.alice)
  const before = await snapshot(chain, accounts.alice)

  await setShare(page, 37)
  // On a phone the split shows in the sheet where the share is chosen; the page behind it is inert.
  const chooser = isPhoneLayout(page) ? choiceSheet(page) : claimPanel(page)
  await expect(stat(chooser, 'Receive')).toHaveText('342.57 NAI')
  await expect(stat(chooser, 'Burn')).toHaveText('114.19 NAI')
  await openConfirmation(page)
  await expect(confirmDialog(page).getByText('You receive 342.57 NAI, 114.19 NAI are burned.')).toBeVisible()
  await confirmDialog(page).getByRole('button', { name: 'Claim & Burn' }).click()

  // 1,234.5 − 456.765 = 777.735 left; the slider stays at 37 %: 287.76195 claimed, 71.9404875 burned.
  await expect(stat(lockPanel(page), 'Amount')).toHaveText('777.73 NAI')
  await expect(stat(claimPanel(page), 'Receive')).toHaveText('215.82 NAI')
  await expect(stat(claimPanel(page), 'Burn')).toHaveText('71.94 NAI')
  expect(await snapshot(chain, accounts.alice)).toEqual({
    balance: before.balance + received,
    dead: before.dead + burned,
    totalBurned: before.totalBurned + burned,
    position: before.position - claimed,
  })
  expect(wallet.transactions()).toHaveLength(1)
})

test('at 0 % the button is disabled and nothing can be sent', async ({ page, wallet, chain }) => {
  await openAs(page, wallet, accounts.alice)
  await setShare(page, 0)
  // On a phone the share is chosen in a sheet, whose "Continue" is the button that goes on.
  const scope = isPhoneLayout(page) ? choiceSheet(page) : claimPanel(page)
  await expect(stat(scope, 'Receive')).toHaveText('0 NAI')
  await expect(stat(scope, 'Burn')).toHaveText('0 NAI')
  const button = scope.getByRole('button', { name: isPhoneLayout(page) ? 'Continue' : 'Claim & Burn' })
  await expect(button).toBeDisabled()
  // On a phone the sheet slides up as it opens: the tap comes once the button has come to rest on the screen.
  await expect(button).toBeInViewport({ ratio: 1 })
  await button.click({ force: true })
  await expect(confirmDialog(page)).toHaveCount(0)
  expect(wallet.transactions()).toEqual([])
  expect((await chain.position(accounts.alice)).amount).toBe(alice.amount)
})
